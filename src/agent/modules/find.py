# ansible.builtin.find
import errno
import fnmatch
import grp
import os
import pwd
import re
import stat
import time

import volant_runtime

ARGUMENT_SPEC = {
    'paths': {'type': 'list', 'required': True, 'aliases': ['name', 'path'], 'elements': 'path'},
    'patterns': {'type': 'list', 'default': [], 'aliases': ['pattern'], 'elements': 'str'},
    'excludes': {'type': 'list', 'aliases': ['exclude'], 'elements': 'str'},
    'contains': {'type': 'str'},
    'read_whole_file': {'type': 'bool', 'default': False},
    'file_type': {'type': 'str', 'default': 'file', 'choices': ['any', 'directory', 'file', 'link']},
    'age': {'type': 'str'},
    'age_stamp': {'type': 'str', 'default': 'mtime', 'choices': ['atime', 'ctime', 'mtime']},
    'size': {'type': 'str'},
    'recurse': {'type': 'bool', 'default': False},
    'hidden': {'type': 'bool', 'default': False},
    'follow': {'type': 'bool', 'default': False},
    'get_checksum': {'type': 'bool', 'default': False},
    'checksum_algorithm': {'type': 'str', 'default': 'sha1', 'choices': ['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512'],
                           'aliases': ['checksum', 'checksum_algo']},
    'use_regex': {'type': 'bool', 'default': False},
    'depth': {'type': 'int'},
    'mode': {'type': 'raw'},
    'exact_mode': {'type': 'bool', 'default': True},
    'encoding': {'type': 'str'},
    'limit': {'type': 'int'},
}
SUPPORTS_CHECK_MODE = True
LOAD_EARLY = True
ADD_PATH_INFO = False

_UNITS_AGE = {'s': 1, 'm': 60, 'h': 3600, 'd': 86400, 'w': 604800}
_UNITS_SIZE = {'b': 1, 'k': 1024, 'm': 1024 ** 2, 'g': 1024 ** 3, 't': 1024 ** 4}


def _name_matches(name, patterns, excludes, use_regex):
    if not patterns and not excludes:
        return True
    if use_regex:
        def hit(p):
            return re.compile(p).match(name) is not None
    else:
        def hit(p):
            return fnmatch.fnmatch(name, p)
    for p in patterns or ():
        if hit(p):
            # NOTE: an excluded name is rejected only when a pattern matched it first.
            return not any(hit(e) for e in (excludes or ()))
    return False


def _threshold(st, now, amount, field):
    if amount is None:
        return True
    elapsed = now - getattr(st, 'st_%s' % field)
    return elapsed >= abs(amount) if amount >= 0 else elapsed <= abs(amount)


def _size_ok(st, size):
    if size is None:
        return True
    return st.st_size >= abs(size) if size >= 0 else st.st_size <= abs(size)


def _contains(path, pattern, encoding, whole):
    if pattern is None:
        return True
    prog = re.compile(pattern)
    try:
        with open(path, encoding=encoding) as f:
            if whole:
                return bool(prog.search(f.read()))
            return any(prog.match(line) for line in f)
    except LookupError:
        raise
    except UnicodeDecodeError:
        shown = encoding if encoding is not None else 'None (default determined by the Python built-in function "open")'
        raise Exception('Failed to read the file %s due to an encoding error. current encoding: %s' % (path, shown))
    except Exception:
        return False


class _ZeroMode(object):
    st_mode = 0


def _mode_ok(st, mode, exact):
    if not mode:
        return True
    try:
        wanted = int(mode, 8)
    except ValueError:
        wanted = volant_runtime.symbolic_mode_to_octal(_ZeroMode(), mode)
    wanted = stat.S_IMODE(wanted)
    have = stat.S_IMODE(st.st_mode)
    return have == wanted if exact else bool(have & wanted)


def _info(st):
    try:
        pw_name = pwd.getpwuid(st.st_uid).pw_name
    except Exception:
        pw_name = ''
    try:
        gr_name = grp.getgrgid(st.st_gid).gr_name
    except Exception:
        gr_name = ''
    m = st.st_mode
    return {
        'mode': '%04o' % stat.S_IMODE(m), 'isdir': stat.S_ISDIR(m), 'ischr': stat.S_ISCHR(m), 'isblk': stat.S_ISBLK(m),
        'isreg': stat.S_ISREG(m), 'isfifo': stat.S_ISFIFO(m), 'islnk': stat.S_ISLNK(m), 'issock': stat.S_ISSOCK(m),
        'uid': st.st_uid, 'gid': st.st_gid, 'size': st.st_size, 'inode': st.st_ino, 'dev': st.st_dev,
        'nlink': st.st_nlink, 'atime': st.st_atime, 'mtime': st.st_mtime, 'ctime': st.st_ctime,
        'gr_name': gr_name, 'pw_name': pw_name,
        'wusr': bool(m & stat.S_IWUSR), 'rusr': bool(m & stat.S_IRUSR), 'xusr': bool(m & stat.S_IXUSR),
        'wgrp': bool(m & stat.S_IWGRP), 'rgrp': bool(m & stat.S_IRGRP), 'xgrp': bool(m & stat.S_IXGRP),
        'woth': bool(m & stat.S_IWOTH), 'roth': bool(m & stat.S_IROTH), 'xoth': bool(m & stat.S_IXOTH),
        'isuid': bool(m & stat.S_ISUID), 'isgid': bool(m & stat.S_ISGID),
    }


def _parse_amount(ctx, value, units, key, regex):
    if value is None:
        return None
    m = re.match(regex, value.lower())
    if not m:
        ctx.fail('failed to process %s' % key, **{key: value})
    return int(m.group(1)) * units.get(m.group(2), 1)


def run(params, ctx):
    if params['mode'] and not isinstance(params['mode'], str):
        ctx.fail("argument 'mode' is not a string and conversion is not allowed, value is of type %s" % type(params['mode']).__name__)
    if not params['patterns']:
        params['patterns'] = ['.*'] if params['use_regex'] else ['*']
    age = _parse_amount(ctx, params['age'], _UNITS_AGE, 'age', r'^(-?\d+)(s|m|h|d|w)?$')
    size = _parse_amount(ctx, params['size'], _UNITS_SIZE, 'size', r'^(-?\d+)(b|k|m|g|t)?$')
    limit = params['limit']
    if limit is not None and limit <= 0:
        ctx.fail('limit cannot be %d (use None for unlimited)' % limit)
    found = []
    skipped = {}
    now = time.time()
    msg = 'All paths examined'
    examined = 0
    warned = False

    def on_error(e):
        if e.errno in (errno.EPERM, errno.EACCES, errno.ENOENT):
            skipped[e.filename] = str(e)
            return
        raise e
    ftype = params['file_type']
    for top in params['paths']:
        try:
            if not os.path.isdir(top):
                raise Exception("'%s' is not a directory" % top)
            for root, dirs, files in os.walk(top, onerror=on_error, followlinks=params['follow'], topdown=True):
                examined += len(files) + len(dirs)
                for name in files + dirs:
                    full = os.path.normpath(os.path.join(root, name))
                    if params['depth']:
                        base = top.rstrip(os.path.sep) + os.path.sep
                        if full.count(os.path.sep) - base.count(os.path.sep) + 1 > params['depth']:
                            del dirs[:]
                            continue
                    if os.path.basename(full).startswith('.') and not params['hidden']:
                        continue
                    try:
                        st = os.lstat(full)
                    except OSError as e:
                        ctx.warn('Skipped entry %r due to access issue.' % full)
                        skipped[full] = str(e)
                        warned = True
                        continue
                    # NOTE: only an entry of the wanted type is matched by name: a bad regex fails
                    # a path only when it holds such an entry, as in ansible-core
                    def common():
                        return (_name_matches(name, params['patterns'], params['excludes'], params['use_regex'])
                                and _threshold(st, now, age, params['age_stamp']))
                    entry = {'path': full}
                    if ftype == 'any':
                        if common() and _mode_ok(st, params['mode'], params['exact_mode']):
                            entry.update(_info(st))
                            if stat.S_ISREG(st.st_mode) and params['get_checksum']:
                                entry['checksum'] = ctx.digest_from_file(full, params['checksum_algorithm'])
                            if not stat.S_ISREG(st.st_mode) or _size_ok(st, size):
                                found.append(entry)
                    elif ftype == 'directory' and stat.S_ISDIR(st.st_mode):
                        if common() and _mode_ok(st, params['mode'], params['exact_mode']):
                            entry.update(_info(st))
                            found.append(entry)
                    elif ftype == 'file' and stat.S_ISREG(st.st_mode):
                        if (common() and _size_ok(st, size)
                                and _contains(full, params['contains'], params['encoding'], params['read_whole_file'])
                                and _mode_ok(st, params['mode'], params['exact_mode'])):
                            entry.update(_info(st))
                            if params['get_checksum']:
                                entry['checksum'] = ctx.digest_from_file(full, params['checksum_algorithm'])
                            found.append(entry)
                    elif ftype == 'link' and stat.S_ISLNK(st.st_mode):
                        if common() and _mode_ok(st, params['mode'], params['exact_mode']):
                            entry.update(_info(st))
                            found.append(entry)
                    if len(found) == limit:
                        msg = 'Limit of matches reached'
                        break
                if not params['recurse'] or len(found) == limit:
                    break
        except Exception as e:
            skipped[top] = str(e)
            ctx.warn("Skipped '%s' path due to this access issue: %s\n" % (top, skipped[top]))
            warned = True
    if warned:
        msg = 'Not all paths examined, check warnings for details'
    return {'files': found, 'changed': False, 'msg': msg, 'matched': len(found), 'examined': examined, 'skipped_paths': skipped}
