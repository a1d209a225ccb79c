# mount_facts: the mounts a host lists (dynamic: /etc/mtab, /proc/mounts, /etc/mnttab; static:
# /etc/fstab, /etc/vfstab, /etc/filesystems; or the mount command's output) as the mount_points
# fact, with each mount's size and UUID, filtered by device and fstype patterns, as ansible's.
import codecs
import fnmatch
import os
import re
import subprocess

from _mounts import mount_size

ARGUMENT_SPEC = {
    'sources': {'type': 'list', 'elements': 'str', 'default': None},
    'mount_binary': {'default': 'mount', 'type': 'raw'},
    'devices': {'type': 'list', 'elements': 'str', 'default': None},
    'fstypes': {'type': 'list', 'elements': 'str', 'default': None},
    'timeout': {'type': 'float'},
    'on_timeout': {'choices': ['error', 'warn', 'ignore'], 'default': 'error'},
    'include_aggregate_mounts': {'default': None, 'type': 'bool'},
}
SUPPORTS_CHECK_MODE = True
ADD_PATH_INFO = False

STATIC_SOURCES = ['/etc/fstab', '/etc/vfstab', '/etc/filesystems']
DYNAMIC_SOURCES = ['/etc/mtab', '/proc/mounts', '/etc/mnttab']
LINUX_MOUNT_RE = re.compile(r'^(?P<device>\S+) on (?P<mount>\S+) type (?P<fstype>\S+) \((?P<options>.+)\)$')
BSD_MOUNT_RE = re.compile(r'^(?P<device>\S+) on (?P<mount>\S+) \((?P<fstype>.+)\)$')
AIX_MOUNT_RE = re.compile(r'^(?P<node>\S*)\s+(?P<mounted>\S+)\s+(?P<mount>\S+)\s+(?P<fstype>\S+)\s+'
                          r'(?P<time>\S+\s+\d+\s+\d+:\d+)\s+(?P<options>.*)$')


def unescape(value):
    """fstab's octal escapes (\\040 for a space)."""
    return re.sub(r'(\\[0-7]{3})', lambda m: codecs.decode(m.group(0), 'unicode_escape'), value)


def fstab_entries(lines):
    for line in lines:
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        fields = [unescape(f) for f in line.split()]
        info = {'device': fields[0], 'mount': fields[1], 'fstype': fields[2], 'options': fields[3]}
        try:
            # the last two fields are optional
            info['dump'] = int(fields[4])
            info['passno'] = int(fields[5])
        except IndexError:
            pass
        yield fields[1], line, info


def vfstab_entries(lines):
    for line in lines:
        if not line.strip() or line.strip().startswith('#'):
            continue
        fields = line.split()
        passno = fields[4]
        try:
            passno = int(passno)
        except ValueError:
            pass
        yield fields[2], line, {'device': fields[0], 'device_to_fsck': fields[1], 'mount': fields[2],
                                'fstype': fields[3], 'passno': passno, 'mount_at_boot': fields[5],
                                'options': fields[6]}


def mnttab_entries(lines):
    if not any(len(line.split()[4]) == 10 for line in lines):
        raise ValueError
    for line in lines:
        fields = line.split()
        int(fields[4])
        yield fields[1], line, {'device': fields[0], 'mount': fields[1], 'fstype': fields[2], 'options': fields[3],
                                'time': int(fields[4])}


def aix_entries(lines):
    stanzas = []
    for line in lines:
        if line.startswith('*') or not line.strip():
            continue
        if line.rstrip().endswith(':'):
            stanzas.append([line])
        elif '=' not in line:
            # not AIX's /etc/filesystems
            stanzas = []
            break
        else:
            stanzas[-1].append(line)
    for stanza in stanzas:
        original = '\n'.join(stanza)
        mount = stanza.pop(0)[:-1]
        attrs = {}
        for line in stanza:
            key, value = line.split('=', 1)
            attrs[key.strip()] = value.strip()
        device = attrs.get('nodename') or ''
        if attrs.get('dev'):
            device = (device + ':' if device else '') + attrs['dev']
        yield mount, original, {'mount': mount, 'device': device or 'unknown', 'fstype': attrs.get('vfs') or 'unknown',
                                'attributes': attrs}


def file_entries(path):
    """The entries of the first format that reads the whole file (vfstab, mnttab, fstab, AIX)."""
    try:
        with open(path) as f:
            lines = f.read().strip().splitlines()
    except (IOError, OSError, UnicodeDecodeError):
        return []
    for parse in (vfstab_entries, mnttab_entries, fstab_entries, aix_entries):
        try:
            return list(parse(lines))
        except (IndexError, ValueError):
            continue
    return []


def stdout_entries(stdout):
    lines = stdout.splitlines()
    if all(LINUX_MOUNT_RE.match(line) for line in lines):
        pattern = LINUX_MOUNT_RE
    elif all(BSD_MOUNT_RE.match(line) for line in lines if not line.startswith('map ')):
        pattern = BSD_MOUNT_RE
    elif len(lines) > 2 and all(AIX_MOUNT_RE.match(line) for line in lines[2:]):
        pattern = AIX_MOUNT_RE
    else:
        return []
    entries = []
    for line in lines:
        m = pattern.match(line)
        if not m:
            continue
        info = m.groupdict()
        if pattern is BSD_MOUNT_RE:
            parts = re.split(r'\s*,\s*', m.group('fstype'), maxsplit=1)
            info['fstype'] = parts[0]
            if len(parts) > 1:
                info['options'] = parts[1]
        elif pattern is AIX_MOUNT_RE:
            device, node = info.pop('mounted'), info.pop('node')
            info['device'] = '%s:%s' % (node, device) if device and node else device
        entries.append((info['mount'], line, info))
    return entries


class Scan(object):
    def __init__(self, ctx, params):
        self.ctx = ctx
        self.params = params
        self.timeout = params['timeout']
        self._lsblk = None

    def timed_out(self, error, default=None):
        if self.params['on_timeout'] == 'error':
            self.ctx.fail(str(error))
        if self.params['on_timeout'] == 'warn':
            self.ctx.warn(str(error))
        return default

    def output(self, argv):
        try:
            return subprocess.check_output(argv, universal_newlines=True, timeout=self.timeout)
        except subprocess.TimeoutExpired as e:
            return self.timed_out(e, '')

    def mount_command(self):
        binary = self.ctx.get_bin_path(self.params['mount_binary'], required=True)
        try:
            return self.output([binary])
        except subprocess.CalledProcessError as e:
            self.ctx.fail('Failed to execute %s: %s' % (binary, e))

    def uuid_device(self, uuid):
        blkid = self.ctx.get_bin_path('blkid')
        if not blkid:
            return None
        try:
            return self.output([blkid, '--uuid', uuid]) or None
        except subprocess.CalledProcessError:
            return None

    def partition_uuid(self, device):
        try:
            names = os.listdir('/dev/disk/by-uuid')
        except OSError:
            names = []
        for uuid in names:
            if os.path.realpath(os.path.join('/dev/disk/by-uuid', uuid)) == device:
                return uuid
        if self._lsblk is None:
            lsblk = self.ctx.get_bin_path('lsblk')
            out = ''
            if lsblk:
                out = self.output([lsblk, '--list', '--noheadings', '--paths', '--output', 'NAME,UUID', '--exclude', '2'])
            self._lsblk = [line.split() for line in out.splitlines() if len(line.split()) == 2]
        for dev, uuid in self._lsblk:
            if dev == device:
                return uuid
        udevadm = self.ctx.get_bin_path('udevadm')
        out = self.output([udevadm, 'info', '--query', 'property', '--name', device]) if udevadm else ''
        for line in out.splitlines():
            if line.startswith('ID_FS_UUID='):
                return line.split('=', 1)[1]
        return None


def sources_of(ctx, params):
    sources = []
    for source in params['sources'] or ['all']:
        if not source:
            ctx.fail('sources contains an empty string')
        if source in ('dynamic', 'all'):
            sources.extend(DYNAMIC_SOURCES)
        if source in ('static', 'all'):
            sources.extend(STATIC_SOURCES)
        elif source not in ('static', 'dynamic', 'all'):
            sources.append(source)
    return sources


def entries(ctx, params, scan):
    sources = sources_of(ctx, params)
    if len(set(sources)) < len(sources):
        ctx.warn("mount_facts option 'sources' contains duplicate entries, repeat sources will be ignored: %s"
                 % sources)
    fallback = params['mount_binary'] and set(sources).intersection(DYNAMIC_SOURCES)
    seen = set()
    found = []
    for source in sources:
        real = os.path.realpath(source)
        if source in seen or real in seen:
            continue
        if source == 'mount':
            seen.add(source)
            results = [(source,) + e for e in stdout_entries(scan.mount_command())]
        else:
            seen.add(real)
            results = [(source,) + e for e in file_entries(source)]
        if results and source in ['mount'] + DYNAMIC_SOURCES:
            fallback = False
        found.extend(results)
    if fallback:
        found.extend(('mount',) + e for e in stdout_entries(scan.mount_command()))
    return found


def run(params, ctx):
    seconds = params['timeout']
    if seconds is not None and seconds <= 0:
        ctx.fail("argument 'timeout' must be a positive number or null, not %s" % seconds)
    if params['mount_binary'] is not None and not isinstance(params['mount_binary'], str):
        ctx.fail("argument 'mount_binary' must be a string or null, not %s" % params['mount_binary'])
    scan = Scan(ctx, params)
    mounts = []
    for source, mount, origin, fields in entries(ctx, params, scan):
        device, fstype = fields['device'], fields['fstype']
        uuid = None
        if device.startswith('UUID='):
            uuid = device.split('=', 1)[1]
            device = scan.uuid_device(uuid) or device
        if not any(fnmatch.fnmatch(device, p) for p in params['devices'] or ['*']):
            continue
        if not any(fnmatch.fnmatch(fstype, p) for p in params['fstypes'] or ['*']):
            continue
        fields.update(mount_size(mount))
        if uuid is None:
            try:
                uuid = scan.partition_uuid(device)
            except subprocess.CalledProcessError:
                pass
        fields.update({'ansible_context': {'source': source, 'source_data': origin}, 'uuid': uuid})
        mounts.append(fields)
    points, by_source = {}, {}
    for m in mounts:
        points.setdefault(m['mount'], m)
        by_source.setdefault(m['ansible_context']['source'], []).append(m['mount'])
    repeated = dict((src, mnts) for src, mnts in by_source.items() if len(set(mnts)) != len(mnts))
    if repeated and params['include_aggregate_mounts'] is None:
        listed = ', '.join('%s (%s)' % (src, mnts) for src, mnts in repeated.items())
        ctx.warn('mount_facts: ignoring repeat mounts in the following sources: %s. You can disable this warning by '
                 "configuring the 'include_aggregate_mounts' option as True or False." % listed)
    aggregate = mounts if params['include_aggregate_mounts'] else []
    return {'ansible_facts': {'mount_points': points, 'aggregate_mounts': aggregate}}
