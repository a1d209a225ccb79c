# wait_for: wait for a port to open/close/drain, a file to appear/vanish or hold a pattern, or just time.
import binascii
import contextlib
import errno
import math
import mmap
import os
import re
import select
import socket
import time
from datetime import datetime, timedelta, timezone

ARGUMENT_SPEC = {
    'host': {'type': 'str', 'default': '127.0.0.1'},
    'timeout': {'type': 'int', 'default': 300},
    'connect_timeout': {'type': 'int', 'default': 5},
    'delay': {'type': 'int', 'default': 0},
    'port': {'type': 'int'},
    'active_connection_states': {'type': 'list', 'elements': 'str',
                                 'default': ['ESTABLISHED', 'FIN_WAIT1', 'FIN_WAIT2', 'SYN_RECV', 'SYN_SENT',
                                             'TIME_WAIT']},
    'path': {'type': 'path'},
    'search_regex': {'type': 'str'},
    'state': {'type': 'str', 'default': 'started', 'choices': ['absent', 'drained', 'present', 'started', 'stopped']},
    'exclude_hosts': {'type': 'list', 'elements': 'str'},
    'sleep': {'type': 'int', 'default': 1},
    'msg': {'type': 'str'},
}
# NOTE: Ansible's wait_for does not declare check mode support, so it is skipped under --check.
SUPPORTS_CHECK_MODE = False

_STATE_IDS = {'ESTABLISHED': '01', 'SYN_SENT': '02', 'SYN_RECV': '03', 'FIN_WAIT1': '04', 'FIN_WAIT2': '05',
              'TIME_WAIT': '06'}
_PROC_TCP = ((socket.AF_INET, '/proc/net/tcp'), (socket.AF_INET6, '/proc/net/tcp6'))
_MATCH_ALL = {socket.AF_INET: '00000000', socket.AF_INET6: '0' * 32}
_V4_MAPPED_PREFIX = '0000000000000000FFFF0000'
_V4_MAPPED_ALL = '0000000000000000FFFF000000000000'


def _host_ips(host):
    ips = []
    for family, _, _, _, sockaddr in socket.getaddrinfo(host, 80, 0, 0, socket.SOL_TCP):
        ips.append((family, sockaddr[0]))
        if family == socket.AF_INET:
            ips.append((socket.AF_INET6, '::ffff:' + sockaddr[0]))
    return ips


def _host_hex(host):
    """Addresses as /proc/net/tcp* spells them: each 4-byte word in host byte order."""
    out = []
    if host is None:
        return out
    for family, ip in _host_ips(host):
        raw = binascii.b2a_hex(socket.inet_pton(family, ip))
        text = ''
        for i in range(0, len(raw), 8):
            text += '%08X' % socket.ntohl(int(raw[i:i + 8], 16))
        out.append((family, text))
    return out


def _connection_counter(params):
    """Counts the active connections to host:port. Reads host, port and exclude_hosts at once, as
    2.19 does before it waits (no port crashes it then, whatever the timeout)."""
    ips = _host_hex(params['host'])
    port = '%0.4X' % int(params['port'])
    exclude = []
    for h in params['exclude_hosts'] or []:
        exclude.extend(_host_hex(h))
    states = [_STATE_IDS[s] for s in params['active_connection_states']]
    return lambda: _active_connections(ips, port, exclude, states)


def _active_connections(ips, port, exclude, states):
    count = 0
    for family, path in _PROC_TCP:
        if not os.path.isfile(path):
            continue
        try:
            with open(path) as f:
                for line in f.readlines():
                    fields = line.strip().split()
                    if fields[1] == 'local_address' or fields[3] not in states:
                        continue
                    local_ip, local_port = fields[1].split(':')
                    if local_port != port:
                        continue
                    remote_ip = fields[2].split(':')[0]
                    if (family, remote_ip) in exclude:
                        continue
                    if (family, local_ip) in ips or (family, _MATCH_ALL[family]) in ips or \
                            (local_ip.startswith(_V4_MAPPED_PREFIX) and (family, _V4_MAPPED_ALL) in ips):
                        count += 1
        except OSError:
            pass
    return count


def _close(sock):
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError as ex:
        if ex.errno != errno.ENOTCONN:
            raise
    else:
        sock.close()


def _now():
    return datetime.now(timezone.utc)


def run(params, ctx):
    host, port, path, state = params['host'], params['port'], params['path'], params['state']
    timeout, msg, search_regex = params['timeout'], params['msg'], params['search_regex']
    compiled = None
    if search_regex is not None:
        try:
            compiled = re.compile(search_regex.encode('utf-8', 'surrogateescape'), re.MULTILINE)
        except re.error as e:
            ctx.fail('Invalid regular expression: %s' % e)
    groupdict, groups = {}, ()
    if port and path:
        ctx.fail('port and path parameter can not both be passed to wait_for', elapsed=0)
    if path and state == 'stopped':
        ctx.fail('state=stopped should only be used for checking a port in the wait_for module', elapsed=0)
    if path and state == 'drained':
        ctx.fail('state=drained should only be used for checking a port in the wait_for module', elapsed=0)
    if params['exclude_hosts'] is not None and state != 'drained':
        ctx.fail('exclude_hosts should only be with state=drained', elapsed=0)
    for s in params['active_connection_states']:
        if s not in _STATE_IDS:
            ctx.fail('unknown active_connection_state (%s) defined' % s, elapsed=0)
    start = _now()
    if params['delay']:
        time.sleep(params['delay'])
    end = start + timedelta(seconds=timeout)
    if not port and not path and state != 'drained':
        time.sleep(timeout)
    elif state in ('absent', 'stopped'):
        while _now() < end:
            if path:
                try:
                    if not os.access(path, os.F_OK):
                        break
                except OSError:
                    break
            elif port:
                try:
                    s = socket.create_connection((host, port), params['connect_timeout'])
                    s.shutdown(socket.SHUT_RDWR)
                    s.close()
                except Exception:
                    break
            time.sleep(params['sleep'])
        else:
            elapsed = (_now() - start).seconds
            if port:
                ctx.fail(msg or 'Timeout when waiting for %s:%s to stop.' % (host, port), elapsed=elapsed)
            ctx.fail(msg or 'Timeout when waiting for %s to be absent.' % path, elapsed=elapsed)
    elif state in ('started', 'present'):
        while _now() < end:
            if path:
                try:
                    os.stat(path)
                except OSError as e:
                    if e.errno != 2:
                        ctx.fail(msg or 'Failed to stat %s, %s' % (path, e.strerror), elapsed=(_now() - start).seconds)
                else:
                    if not compiled:
                        break
                    found = None
                    try:
                        with open(path, 'rb') as f:
                            try:
                                with contextlib.closing(mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)) as mm:
                                    found = _groups(compiled.search(mm))
                            except (ValueError, OSError):
                                # NOTE: an empty file cannot be mmapped; Ansible falls back to read().
                                found = _groups(compiled.search(f.read()))
                    except OSError:
                        pass
                    if found:
                        groupdict = found[0] or groupdict
                        groups = found[1] or groups
                        break
            elif port:
                alt = math.ceil((end - _now()).total_seconds())
                try:
                    s = socket.create_connection((host, int(port)), min(params['connect_timeout'], alt))
                except Exception:
                    pass
                else:
                    if not compiled:
                        _close(s)
                        break
                    data = b''
                    matched = False
                    while _now() < end:
                        readable = select.select([s], [], [], math.ceil((end - _now()).total_seconds()))[0]
                        if not readable:
                            continue
                        chunk = s.recv(1024)
                        if not chunk:
                            break
                        data += chunk
                        if compiled.search(data):
                            matched = True
                            break
                    _close(s)
                    if matched:
                        break
            time.sleep(params['sleep'])
        else:
            elapsed = (_now() - start).seconds
            if port:
                if search_regex:
                    ctx.fail(msg or 'Timeout when waiting for search string %s in %s:%s' % (search_regex, host, port),
                             elapsed=elapsed)
                ctx.fail(msg or 'Timeout when waiting for %s:%s' % (host, port), elapsed=elapsed)
            if search_regex:
                ctx.fail(msg or 'Timeout when waiting for search string %s in %s' % (search_regex, path),
                         elapsed=elapsed)
            ctx.fail(msg or 'Timeout when waiting for file %s' % path, elapsed=elapsed)
    elif state == 'drained':
        active = _connection_counter(params)
        while _now() < end:
            if active() == 0:
                break
            time.sleep(params['sleep'])
        else:
            ctx.fail(msg or 'Timeout when waiting for %s:%s to drain' % (host, port), elapsed=(_now() - start).seconds)
    return {'state': state, 'port': port, 'search_regex': search_regex, 'match_groups': list(groups),
            'match_groupdict': groupdict, 'path': path, 'elapsed': (_now() - start).seconds}


def _groups(match):
    """The match's named and positional groups as text, read before the mmap behind it closes."""
    if match is None:
        return None
    return _text_values(match.groupdict()), tuple(_text_values(list(match.groups())))


def _text_values(value):
    if isinstance(value, dict):
        return dict((k, _text_values(v)) for k, v in value.items())
    if isinstance(value, list):
        return [_text_values(v) for v in value]
    if isinstance(value, bytes):
        return value.decode('utf-8', 'surrogateescape')
    return value
