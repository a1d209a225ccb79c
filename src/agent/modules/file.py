# ansible.builtin.file: file, directory, touch, absent, link, hard; recurse; attributes; times.
import os
import shutil
import time

ARGUMENT_SPEC = {
    'state': {'type': 'str', 'choices': ['absent', 'directory', 'file', 'hard', 'link', 'touch']},
    'path': {'type': 'path', 'required': True, 'aliases': ['dest', 'name']},
    '_original_basename': {'type': 'str'},
    'recurse': {'type': 'bool', 'default': False},
    'force': {'type': 'bool', 'default': False},
    'follow': {'type': 'bool', 'default': True},
    'modification_time': {'type': 'str'},
    'modification_time_format': {'type': 'str', 'default': '%Y%m%d%H%M.%S'},
    'access_time': {'type': 'str'},
    'access_time_format': {'type': 'str', 'default': '%Y%m%d%H%M.%S'},
    'src': {'type': 'path'},
    '_diff_peek': {'type': 'bool'},
}
ADD_FILE_COMMON_ARGS = True
SUPPORTS_CHECK_MODE = True
LOAD_EARLY = True

# a timestamp of 'now': resolved when it is applied, so each use reads the clock
NOW = object()


def get_state(path):
    try:
        if os.path.lexists(path):
            if os.path.islink(path):
                return 'link'
            if os.path.isdir(path):
                return 'directory'
            if os.stat(path).st_nlink > 1:
                return 'hard'
            return 'file'
    except FileNotFoundError:
        pass
    return 'absent'


def _bytes_path_error(e):
    """An OSError as ansible's file module words it: it works on byte paths, so names show as b'...'."""
    if getattr(e, 'filename', None) is None or getattr(e, 'errno', None) is None:
        return str(e)
    text = '[Errno %s] %s: %r' % (e.errno, e.strerror, os.fsencode(e.filename))
    if getattr(e, 'filename2', None) is not None:
        text += ' -> %r' % os.fsencode(e.filename2)
    return text


def _diff(path, prev_state, new_state):
    diff = {'before': {'path': path}, 'after': {'path': path}}
    if prev_state != new_state:
        diff['before']['state'] = prev_state
        diff['after']['state'] = new_state
        if new_state == 'absent' and prev_state == 'directory':
            # NOTE: removing a directory shows what was in it, in os.walk order
            listing = {'directories': [], 'files': []}
            for root, dirs, files in os.walk(path):
                listing['directories'].extend(os.path.join(root, d) for d in dirs)
                listing['files'].extend(os.path.join(root, f) for f in files)
            diff['before']['path_content'] = listing
    return diff


def _timestamp(ctx, value, fmt, state):
    """None keeps the time; NOW stamps the clock. An unset time is kept, except by touch."""
    if value is None:
        value = 'now' if state == 'touch' else 'preserve'
    if value == 'preserve':
        return None
    if value == 'now':
        return NOW
    try:
        return time.mktime(time.strptime(value, fmt))
    except (ValueError, OverflowError) as e:
        ctx.fail('Error while obtaining timestamp for time %s using format %s: %s' % (value, fmt, e))


def _update_times(ctx, path, mtime, atime, diff=None):
    """Applies the times; True when they change. Both NOW always counts as a change."""
    try:
        if mtime is NOW and atime is NOW:
            mtime = atime = time.time()
            st = os.stat(path)
            new_times = None
        else:
            if mtime is None and atime is None:
                return False
            st = os.stat(path)
            mtime = st.st_mtime if mtime is None else (time.time() if mtime is NOW else mtime)
            atime = st.st_atime if atime is None else (time.time() if atime is NOW else atime)
            if mtime == st.st_mtime and atime == st.st_atime:
                return False
            new_times = (atime, mtime)
        if not ctx.check_mode:
            os.utime(path, new_times)
        if diff is not None:
            if mtime != st.st_mtime:
                diff.setdefault('before', {})['mtime'] = st.st_mtime
                diff.setdefault('after', {})['mtime'] = mtime
            if atime != st.st_atime:
                diff.setdefault('before', {})['atime'] = st.st_atime
                diff.setdefault('after', {})['atime'] = atime
    except OSError as e:
        ctx.fail('Error while updating modification or access time: %s' % _bytes_path_error(e), path=path)
    return True


def _set_attrs(ctx, file_args, path, changed, diff, times):
    args = dict(file_args, path=path)
    changed = ctx.set_fs_attributes_if_different(args, changed, diff, expand=False)
    return _update_times(ctx, path, times[0], times[1], diff) or changed


def _recurse(ctx, top, follow, file_args, times):
    """Sets the attributes on everything below top; a followed link's target too (a directory recursively)."""
    changed = False
    for root, dirs, files in os.walk(top):
        for name in dirs + files:
            entry = os.path.join(root, name)
            changed = _set_attrs(ctx, file_args, entry, changed, None, times) or changed
            if follow and os.path.islink(entry):
                target = os.path.join(root, _readlink(entry))
                if os.path.exists(target):
                    if os.path.isdir(target):
                        changed = _recurse(ctx, target, follow, file_args, times) or changed
                    changed = _set_attrs(ctx, file_args, target, changed, None, times) or changed
    return changed


def _absent(ctx, path):
    prev_state = get_state(path)
    if prev_state == 'absent':
        return {'path': path, 'changed': False, 'state': 'absent'}
    diff = _diff(path, prev_state, 'absent')
    if not ctx.check_mode:
        if prev_state == 'directory':
            try:
                shutil.rmtree(path, ignore_errors=False)
            except Exception as e:
                ctx.fail('rmtree failed: %s' % _bytes_path_error(e))
        else:
            try:
                os.unlink(path)
            except FileNotFoundError:
                pass
            except OSError as e:
                ctx.fail('Unlinking failed.', path=path, _volant_cause=_bytes_path_error(e))
    return {'path': path, 'changed': True, 'diff': diff, 'state': 'absent'}


def _touch(ctx, params, path, times):
    prev_state = get_state(path)
    changed = False
    if prev_state == 'absent':
        if ctx.check_mode:
            # NOTE: 2.19 returns no diff for a file that touch would create in check mode.
            return {'dest': path, 'changed': True}
        try:
            open(path, 'wb').close()
            changed = True
        except OSError as e:
            ctx.fail('Error, could not touch target.', path=path, _volant_cause=_bytes_path_error(e))
    diff = _diff(path, prev_state, 'touch')
    file_args = ctx.load_file_common_arguments(params)
    try:
        changed = _set_attrs(ctx, file_args, file_args['path'], changed, diff, times)
    except Exception:
        # a file touch created is removed again when its attributes cannot be set
        if prev_state == 'absent':
            os.remove(path)
        raise
    return {'dest': path, 'changed': changed, 'diff': diff}


def _file(ctx, params, path, follow, times):
    prev_state = get_state(path)
    file_args = ctx.load_file_common_arguments(params)
    if prev_state != 'file' and follow and prev_state == 'link':
        path = os.path.realpath(path)
        prev_state = get_state(path)
        file_args['path'] = path
    if prev_state not in ('file', 'hard'):
        ctx.fail('file (%s) is %s, cannot continue' % (path, prev_state), path=path, state=prev_state)
    diff = _diff(path, prev_state, 'file')
    changed = _set_attrs(ctx, file_args, file_args['path'], False, diff, times)
    return {'path': path, 'changed': changed, 'diff': diff}


def _directory(ctx, params, path, follow, recurse, times):
    prev_state = get_state(path)
    file_args = ctx.load_file_common_arguments(params)
    if follow and prev_state == 'link':
        path = os.path.realpath(path)
        file_args['path'] = path
        prev_state = get_state(path)
    changed = False
    diff = _diff(path, prev_state, 'directory')
    if prev_state == 'absent':
        if ctx.check_mode:
            return {'path': path, 'changed': True, 'diff': diff}
        # each missing component is made and given the requested attributes
        curpath = ''
        try:
            for part in path.strip('/').split('/'):
                curpath = '/'.join([curpath, part])
                if not os.path.isabs(path):
                    curpath = curpath.lstrip('/')
                if not os.path.exists(curpath):
                    try:
                        os.mkdir(curpath)
                        changed = True
                    except FileExistsError:
                        if not os.path.isdir(curpath):
                            raise
                    changed = ctx.set_fs_attributes_if_different(dict(file_args, path=curpath), changed, diff, expand=False)
                    changed = _update_times(ctx, file_args['path'], times[0], times[1], diff) or changed
        except OSError as e:
            ctx.fail('There was an issue creating %s as requested: %s' % (curpath, _bytes_path_error(e)), path=path)
        return {'path': path, 'changed': changed, 'diff': diff}
    if prev_state != 'directory':
        ctx.fail('%s already exists as a %s' % (path, prev_state), path=path)
    changed = _set_attrs(ctx, file_args, file_args['path'], changed, diff, times)
    if recurse:
        changed = _recurse(ctx, path, follow, file_args, times) or changed
    return {'path': path, 'changed': changed, 'diff': diff}


def _replace_with_link(ctx, path, src, prev_state, make_link):
    """Puts a new link at path: beside it first, then renamed over what was there."""
    if prev_state == 'absent':
        try:
            make_link(src, path)
        except OSError as e:
            ctx.fail('Error while linking: %s' % _bytes_path_error(e), path=path)
        return
    tmp = os.path.join(os.path.dirname(path), '.%s.%s.tmp' % (os.getpid(), time.time()))
    try:
        if prev_state == 'directory':
            if make_link is os.symlink:
                os.rmdir(path)
            elif os.path.exists(path):
                try:
                    os.unlink(path)
                except FileNotFoundError:
                    pass
        make_link(src, tmp)
        os.rename(tmp, path)
    except OSError as e:
        if os.path.exists(tmp):
            os.unlink(tmp)
        ctx.fail('Error while replacing: %s' % _bytes_path_error(e), path=path)


def _readlink(path):
    # NOTE: 2.19 reads links by their bytes path: its errors show the path as b'…'.
    return os.fsdecode(os.readlink(os.fsencode(path)))


def _symlink(ctx, params, path, src, follow, force, times):
    prev_state = get_state(path)
    if src is None and follow and os.path.exists(path):
        # NOTE: without src, an existing link's own target stands in for it
        src = _readlink(path)
    base = path if not os.path.islink(path) and os.path.isdir(path) else os.path.dirname(path)
    absrc = None if src is None else os.path.join(base, src)
    if not force and src is not None and not os.path.exists(absrc):
        ctx.fail("src file does not exist, use 'force=yes' if you really want to create the link: %s" % absrc,
                 path=path, src=src)
    if prev_state == 'directory':
        if not force:
            ctx.fail('refusing to convert from %s to symlink for %s' % (prev_state, path), path=path)
        if os.listdir(path):
            ctx.fail('the directory %s is not empty, refusing to convert it' % path, path=path)
    elif prev_state in ('file', 'hard') and not force:
        ctx.fail('refusing to convert from %s to symlink for %s' % (prev_state, path), path=path)
    diff = _diff(path, prev_state, 'link')
    changed = False
    if prev_state in ('hard', 'file', 'directory', 'absent'):
        if src is None:
            ctx.fail('src is required for creating new symlinks')
        changed = True
    elif src is not None:
        old_src = _readlink(path)
        if old_src != src:
            diff['before']['src'] = old_src
            diff['after']['src'] = src
            changed = True
    if changed and not ctx.check_mode:
        _replace_with_link(ctx, path, src, prev_state, os.symlink)
    if ctx.check_mode and not os.path.exists(path):
        return {'dest': path, 'src': src, 'changed': changed, 'diff': diff}
    file_args = ctx.load_file_common_arguments(params)
    if follow and os.path.islink(path) and not os.path.exists(file_args['path']):
        # NOTE: a link to nothing has no attributes to set; 2.19 says so.
        ctx.warn('Cannot set fs attributes on a non-existent symlink target. follow should be set to False to avoid this.')
    else:
        changed = _set_attrs(ctx, file_args, file_args['path'], changed, diff, times)
    return {'dest': path, 'src': src, 'changed': changed, 'diff': diff}


def _hardlink(ctx, params, path, src, follow, force, times):
    prev_state = get_state(path)
    file_args = ctx.load_file_common_arguments(params)
    if prev_state != 'hard' and src is None:
        ctx.fail('src is required for creating new hardlinks')
    if src is not None and not os.path.exists(src):
        ctx.fail('src does not exist', dest=path, src=src)
    diff = _diff(path, prev_state, 'hard')
    changed = False
    if prev_state == 'absent':
        changed = True
    elif prev_state == 'link':
        old_src = _readlink(path)
        if old_src != src:
            diff['before']['src'] = old_src
            diff['after']['src'] = src
            changed = True
    elif prev_state == 'hard':
        if src is not None and os.stat(path).st_ino != os.stat(src).st_ino:
            changed = True
            if not force:
                ctx.fail('Cannot link, different hard link exists at destination', dest=path, src=src)
    elif prev_state == 'file':
        changed = True
        if not force:
            ctx.fail('Cannot link, %s exists at destination' % prev_state, dest=path, src=src)
    elif prev_state == 'directory':
        changed = True
        if os.stat(path).st_ino == os.stat(src).st_ino:
            return {'path': path, 'changed': False}
        if not force:
            ctx.fail('Cannot link: different hard link exists at destination', dest=path, src=src)
    if changed and not ctx.check_mode:
        if prev_state == 'absent' and follow and os.path.islink(src):
            src_to_link = _readlink(src)
        else:
            src_to_link = src
        _replace_with_link(ctx, path, src_to_link, prev_state, os.link)
    if ctx.check_mode and not os.path.exists(path):
        return {'dest': path, 'src': src, 'changed': changed, 'diff': diff}
    changed = _set_attrs(ctx, file_args, file_args['path'], changed, diff, times)
    return {'dest': path, 'src': src, 'changed': changed, 'diff': diff}


def _warn_unknown_owner(ctx, owner, group):
    """In check mode an owner or group that does not exist yet is a warning (a task may create it)."""
    import grp
    import pwd
    for value, by_id, by_name, word, id_word in ((owner, pwd.getpwuid, pwd.getpwnam, 'user', 'uid'),
                                                  (group, grp.getgrgid, grp.getgrnam, 'group', 'gid')):
        if not value:
            continue
        try:
            number = int(value)
        except ValueError:
            try:
                by_name(value)
            except KeyError:
                ctx.warn('failed to look up %s %s. Create %s up to this point in real play' % (word, value, word))
            continue
        try:
            by_id(number)
        except KeyError:
            ctx.warn('failed to look up %s with %s %s. Create %s up to this point in real play' % (word, id_word, number, word))


def _resolve_path_and_state(ctx, params):
    """2.19's parameter handling: a directory path names the file inside it; an unset state is the current one."""
    path = params['path']
    if params['state'] not in ('link', 'absent') and os.path.isdir(path):
        basename = params['_original_basename'] or (os.path.basename(params['src']) if params['src'] else None)
        if basename:
            path = params['path'] = os.path.join(path, basename)
    prev_state = get_state(path)
    if params['state'] is None:
        if prev_state != 'absent':
            params['state'] = prev_state
        elif params['recurse']:
            params['state'] = 'directory'
        else:
            params['state'] = 'file'
    if params['recurse'] and params['state'] != 'directory':
        ctx.fail("recurse option requires state to be 'directory'", path=path)
    if params['src'] and params['state'] not in ('link', 'hard'):
        ctx.fail("src option requires state to be 'link' or 'hard'", path=path)
    return path, params['state']


def _appears_binary(path):
    try:
        with open(path, 'rb') as f:
            return b'\x00' in f.read(8192)
    except Exception:
        return False


def run(params, ctx):
    path, state = _resolve_path_and_state(ctx, params)
    if ctx.check_mode and state != 'absent':
        _warn_unknown_owner(ctx, params.get('owner'), params.get('group'))
    times = (_timestamp(ctx, params['modification_time'], params['modification_time_format'], state),
             _timestamp(ctx, params['access_time'], params['access_time_format'], state))
    if params['_diff_peek'] is not None:
        return {'path': path, 'changed': False, 'appears_binary': _appears_binary(path)}
    follow, src = params['follow'], params['src']
    if state == 'file':
        result = _file(ctx, params, path, follow, times)
    elif state == 'directory':
        result = _directory(ctx, params, path, follow, params['recurse'], times)
    elif state == 'link':
        result = _symlink(ctx, params, path, src, follow, params['force'], times)
    elif state == 'hard':
        result = _hardlink(ctx, params, path, src, follow, params['force'], times)
    elif state == 'touch':
        result = _touch(ctx, params, path, times)
    else:
        result = _absent(ctx, path)
    if not ctx.diff_mode:
        result.pop('diff', None)
    return result
