# known_hosts: add, replace or remove one host's key in an ssh known_hosts file (ssh-keygen -F/-R
# to find and remove entries, optional hashed host names).
import base64
import hashlib
import hmac
import os
import re
import tempfile

ARGUMENT_SPEC = {
    'name': {'required': True, 'type': 'str', 'aliases': ['host']},
    'key': {'required': False, 'type': 'str', 'no_log': False},
    'path': {'default': '~/.ssh/known_hosts', 'type': 'path'},
    'hash_host': {'required': False, 'type': 'bool', 'default': False},
    'state': {'default': 'present', 'choices': ['absent', 'present']},
}
SUPPORTS_CHECK_MODE = True


def normalize_key(key):
    """{options?, host, type, key} of a known_hosts line or a key given by the user."""
    k = key.strip().split()
    if k[0][0] == '@':
        return {'options': k[0], 'host': k[1], 'type': k[2], 'key': k[3]}
    return {'host': k[0], 'type': k[1], 'key': k[2]}


def hash_host_key(host, key):
    salt = os.urandom(20)
    hashed = hmac.new(salt, host.encode(), hashlib.sha1).digest()
    parts = key.strip().split()
    i = 1 if parts[0][0] == '@' else 0
    parts[i] = '|1|%s|%s' % (base64.b64encode(salt).decode(), base64.b64encode(hashed).decode())
    return ' '.join(parts)


def sanity_check(ctx, host, key, sshkeygen):
    """The key's own host field must name the host (ssh-keygen -F on a file holding just the key)."""
    if not key:
        return
    if re.search(r'\S+(\s+)?,(\s+)?', host):
        ctx.fail('Comma separated list of names is not supported. '
                 'Please pass a single name to lookup in the known_hosts file.')
    with tempfile.NamedTemporaryFile(mode='w+') as outf:
        outf.write(key)
        outf.flush()
        rc, stdout, stderr = ctx.run_command([sshkeygen, '-F', host, '-f', outf.name])
    if stdout == '':
        ctx.fail('Host parameter does not match hashed host field in supplied key')


def search_for_host_key(ctx, host, key, path, sshkeygen):
    """(found, replace_or_add, found_line) for host in path."""
    if not os.path.exists(path):
        return False, False, None
    rc, stdout, stderr = ctx.run_command([sshkeygen, '-F', host, '-f', path])
    if stdout == '' and stderr == '' and rc in (0, 1):
        return False, False, None
    if rc != 0:
        ctx.fail("ssh-keygen failed (rc=%d, stdout='%s',stderr='%s')" % (rc, stdout, stderr))
    if not key:
        return True, False, None
    new_key = normalize_key(key)
    found_line = None
    for line in stdout.split('\n'):
        if line == '':
            continue
        if line[0] == '#':
            # ssh-keygen's comment says which line of the file matched
            m = re.search(r'found: line (\d+)', line)
            if m is None:
                ctx.fail("failed to parse output of ssh-keygen for line number: '%s'" % line)
            found_line = int(m.group(1))
            continue
        found_key = normalize_key(line)
        options = found_key.get('options', '')
        if options[:15] == '@cert-authority' or options[:7] == '@revoke':
            if new_key == found_key:
                return True, False, found_line
        else:
            # NOTE: a hashed entry stays hashed with its own salt: only the key is compared.
            if new_key['host'][:3] == '|1|' and found_key['host'][:3] == '|1|':
                new_key['host'] = found_key['host']
            if new_key == found_key:
                return True, False, found_line
            if new_key['type'] == found_key['type']:
                return True, True, found_line
    return True, True, None


def compute_diff(path, found_line, replace_or_add, state, key):
    diff = {'before_header': path, 'after_header': path, 'before': '', 'after': ''}
    try:
        with open(path) as f:
            diff['before'] = f.read()
    except FileNotFoundError:
        diff['before_header'] = '/dev/null'
    except OSError:
        pass
    lines = diff['before'].splitlines(True)
    if (replace_or_add or state == 'absent') and found_line is not None and 1 <= found_line <= len(lines):
        del lines[found_line - 1]
    if state == 'present' and (replace_or_add or found_line is None):
        lines.append(key)
    diff['after'] = ''.join(lines)
    return diff


def enforce_state(ctx, params):
    results = {'changed': False}
    host = params['name'].lower()
    key, path, state = params.get('key'), params['path'], params['state']
    sshkeygen = ctx.get_bin_path('ssh-keygen', required=True)
    if not key and state != 'absent':
        ctx.fail('No key specified when adding a host')
    if key and params['hash_host']:
        key = hash_host_key(host, key)
    if key and not key.endswith('\n'):
        key += '\n'
    sanity_check(ctx, host, key, sshkeygen)
    found, replace_or_add, found_line = search_for_host_key(ctx, host, key, path, sshkeygen)
    results['diff'] = compute_diff(path, found_line, replace_or_add, state, key)
    if state == 'absent' and not found_line and key:
        return results
    if ctx.check_mode:
        # NOTE: Ansible answers check mode from here, without the parameters it otherwise echoes.
        results['changed'] = replace_or_add or (state == 'present') != found
        ctx.exit(**results)
    if found and not key and state == 'absent':
        ctx.run_command([sshkeygen, '-R', host, '-f', path], check_rc=True)
        results['changed'] = True
    if replace_or_add or found != (state == 'present'):
        try:
            inf = open(path)
        except FileNotFoundError:
            inf = None
        except OSError as e:
            # NOTE: 2.19 raises these with the OSError as their cause: the module fails with both
            raise Exception('Failed to read %r.' % path) from e
        try:
            with tempfile.NamedTemporaryFile(mode='w+', dir=os.path.dirname(path), delete=False) as outf:
                if inf is not None:
                    for number, line in enumerate(inf):
                        if found_line == number + 1 and (replace_or_add or state == 'absent'):
                            continue
                        outf.write(line)
                    inf.close()
                if state == 'present':
                    outf.write(key)
        except OSError as e:
            raise Exception('Failed to write to file %r.' % path) from e
        ctx.atomic_move(outf.name, path)
        results['changed'] = True
    return results


def run(params, ctx):
    results = dict(params)
    results.update(enforce_state(ctx, params))
    return results
