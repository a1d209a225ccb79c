# ansible.builtin.file: file, directory, touch, absent, link, hard; recurse; attributes.
import os
import shutil
import stat
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


def get_state(path):
    if os.path.lexists(path):
        if os.path.islink(path):
            return 'link'
        if os.path.isdir(path):
            return 'directory'
        if os.stat(path).st_nlink > 1:
            return 'hard'
        return 'file'
    return 'absent'


def _bytes_path_error(e):
    """An OSError as ansible's file module words it: it works on byte paths, so names show as b'...'."""
    if e.filename is None or e.errno is None:
        return str(e)
    return '[Errno %s] %s: %r' % (e.errno, e.strerror, os.fsencode(e.filename))


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


def _timestamp(ctx, value, fmt, default_now):
    if value is None:
        return None
    if value == 'preserve':
        return 'preserve'
    if value == 'now':
        return default_now
    try:
        return time.mktime(time.strptime(value, fmt))
    except ValueError as e:
        ctx.fail('Error while obtaining timestamp for time %s using format %s: %s' % (value, fmt, e))


def _update_times(ctx, path, mtime, atime, changed, diff):
    if mtime is None and atime is None:
        return changed
    st = os.lstat(path)
    if mtime in (None, 'preserve'):
        mtime = st.st_mtime
    if atime in (None, 'preserve'):
        atime = st.st_atime
    if st.st_mtime == mtime and st.st_atime == atime:
        return changed
    diff['before']['mtime'] = st.st_mtime
    diff['before']['atime'] = st.st_atime
    diff['after']['mtime'] = mtime
    diff['after']['atime'] = atime
    if not ctx.check_mode:
        os.utime(path, (atime, mtime))
    return True


def _fs_attrs(ctx, params, path, changed, diff):
    args = ctx.load_file_common_arguments(params, path=path)
    return ctx.set_fs_attributes_if_different(args, changed, diff)


def _recurse(ctx, params, top, changed, diff):
    for root, dirs, files in os.walk(top):
        for name in dirs + files:
            p = os.path.join(root, name)
            if os.path.islink(p) and not params['follow']:
                continue
            changed = _fs_attrs(ctx, params, p, changed, None) or changed
    return changed


def run(params, ctx):
    path = params['path']
    state = params['state']
    prev_state = get_state(path)
    if state is None:
        if prev_state != 'absent':
            state = prev_state
        elif params['recurse']:
            state = 'directory'
        else:
            state = 'file'
        params['state'] = state
    if params['recurse'] and state != 'directory':
        ctx.fail('recurse option requires state to be \'directory\'', path=path)
    if params['src'] is not None and state not in ('link', 'hard'):
        ctx.fail("src option requires state to be 'link' or 'hard'", path=path)
    diff = _diff(path, prev_state, state)
    result = {}
    now = time.time()
    mtime = _timestamp(ctx, params['modification_time'], params['modification_time_format'], now)
    atime = _timestamp(ctx, params['access_time'], params['access_time_format'], now)

    if state == 'absent':
        changed = False
        if prev_state != 'absent':
            changed = True
            if not ctx.check_mode:
                if prev_state == 'directory':
                    try:
                        shutil.rmtree(path, ignore_errors=False)
                    except OSError as e:
                        ctx.fail('rmtree failed: %s' % _bytes_path_error(e))
                else:
                    try:
                        os.unlink(path)
                    except FileNotFoundError:
                        pass
                    except OSError as e:
                        ctx.fail('Unlinking failed.', path=path, _volant_cause=_bytes_path_error(e))
        result = {'path': path, 'changed': changed, 'state': 'absent'}
        # NOTE: a path that was already absent has no diff in Ansible's answer.
        if ctx.diff_mode and changed:
            result['diff'] = diff
        return result

    if state == 'file':
        if prev_state not in ('file', 'hard'):
            if params['follow'] and prev_state == 'link':
                target = os.path.realpath(path)
                if get_state(target) in ('file', 'hard'):
                    path = target
                    prev_state = get_state(target)
            if prev_state not in ('file', 'hard'):
                if prev_state == 'absent':
                    ctx.fail('file (%s) is absent, cannot continue' % path, path=path, state='absent')
                ctx.fail('file (%s) is %s, cannot continue' % (path, prev_state), path=path, state=prev_state)
        changed = _fs_attrs(ctx, params, path, False, diff)
        changed = _update_times(ctx, path, mtime, atime, changed, diff)
        result = {'path': path, 'changed': changed}
        if ctx.diff_mode:
            result['diff'] = diff
        return result

    if state == 'directory':
        changed = False
        if prev_state == 'absent':
            changed = True
            if not ctx.check_mode:
                # create each missing component so the requested mode applies to all of them
                curpath = ''
                for part in path.strip('/').split('/'):
                    curpath = '/'.join([curpath, part]) if curpath or path.startswith('/') else part
                    if not os.path.exists(curpath):
                        try:
                            os.mkdir(curpath)
                        except OSError as e:
                            if not os.path.isdir(curpath):
                                ctx.fail('There was an issue creating %s as requested: %s' % (curpath, e), path=path)
                        _fs_attrs(ctx, params, curpath, True, None)
            else:
                result = {'path': path, 'changed': True}
                if ctx.diff_mode:
                    result['diff'] = diff
                return result
        elif prev_state == 'link' and params['follow']:
            path = os.path.realpath(path)
            if get_state(path) != 'directory':
                ctx.fail('%s already exists as a %s' % (params['path'], get_state(path)), path=params['path'])
        elif prev_state != 'directory':
            ctx.fail('%s already exists as a %s' % (path, prev_state), path=path)
        changed = _fs_attrs(ctx, params, path, changed, diff)
        changed = _update_times(ctx, path, mtime, atime, changed, diff)
        if params['recurse']:
            changed = _recurse(ctx, params, path, changed, diff)
        result = {'path': path, 'changed': changed}
        if ctx.diff_mode:
            result['diff'] = diff
        return result

    if state == 'touch':
        changed = False
        if prev_state == 'absent':
            changed = True
            if ctx.check_mode:
                # NOTE: 2.19 returns no diff for a file that touch would create in check mode.
                return {'dest': path, 'changed': True}
            try:
                open(path, 'wb').close()
            except (OSError, IOError) as e:
                ctx.fail('Error, could not touch target.', path=path, _volant_cause=_bytes_path_error(e))
        elif prev_state not in ('file', 'directory', 'hard', 'link'):
            ctx.fail('Cannot touch other than files, directories, and hardlinks (%s is %s)' % (path, prev_state))
        if mtime is None and atime is None:
            # NOTE: touch without times sets both to now, so it always reports changed
            mtime = atime = now
        changed = _fs_attrs(ctx, params, path, changed, diff) or changed
        changed = _update_times(ctx, path, mtime, atime, changed, diff) or changed
        result = {'dest': path, 'changed': changed}
        if ctx.diff_mode:
            result['diff'] = diff
        return result

    # link / hard
    src = params['src']
    if src is None:
        # NOTE: without src, ansible only keeps an existing link (and its attributes) up to date.
        if state == 'hard' and prev_state != 'hard':
            ctx.fail('src is required for creating new hardlinks')
        if state == 'link' and prev_state != 'link':
            ctx.fail('src is required for creating new symlinks')
        src = os.readlink(path) if state == 'link' else path
    if state == 'hard' and not os.path.isabs(src):
        src = os.path.join(os.path.dirname(path), src) if not os.path.exists(src) else src
    abs_src = src if os.path.isabs(src) else os.path.join(os.path.dirname(path), src)
    if not os.path.lexists(abs_src) and not params['force'] and state == 'hard':
        ctx.fail('src does not exist', dest=path, src=src)
    if state == 'link' and not params['force'] and not os.path.exists(abs_src):
        ctx.fail("src file does not exist, use 'force=yes' if you really want to create the link: %s" % abs_src, path=path, src=src)
    changed = False
    if prev_state == 'absent':
        changed = True
    elif prev_state == 'link' and state == 'link':
        if os.readlink(path) != src:
            changed = True
    elif prev_state == 'hard' and state == 'hard':
        if not os.path.samefile(src, path):
            if not params['force']:
                ctx.fail('Cannot link, different hard link exists at destination', dest=path, src=src)
            changed = True
    elif prev_state == 'file' and state == 'hard' and os.path.exists(src) and os.path.samefile(src, path):
        changed = False
    elif state == 'link' and prev_state in ('file', 'hard', 'directory'):
        # NOTE: 2.19's words for a symlink over something else name the path only.
        if not params['force']:
            ctx.fail('refusing to convert from %s to symlink for %s' % (prev_state, path), path=path)
        if prev_state == 'directory' and os.listdir(path):
            ctx.fail('the directory %s is not empty, refusing to convert it' % path, path=path)
        changed = True
    elif prev_state == 'file':
        if not params['force']:
            ctx.fail('Cannot link, file exists at destination', dest=path, src=src)
        changed = True
    elif prev_state in ('link', 'directory'):
        if not params['force'] or (prev_state == 'directory' and os.listdir(path)):
            ctx.fail('refusing to convert from %s to %s for %s' % (prev_state, state, path), dest=path, src=src)
        changed = True
    if changed and not ctx.check_mode:
        tmp = os.path.join(os.path.dirname(path), '.%s.%s.tmp' % (os.getpid(), time.time()))
        try:
            if state == 'link':
                os.symlink(src, tmp)
            else:
                os.link(src, tmp)
            if prev_state == 'directory':
                os.rmdir(path)
            os.rename(tmp, path)
        except OSError as e:
            if os.path.lexists(tmp):
                os.unlink(tmp)
            ctx.fail('Error while linking: %s' % e, path=path)
    if ctx.check_mode and not os.path.lexists(path):
        result = {'dest': path, 'src': src, 'changed': changed}
        if ctx.diff_mode:
            result['diff'] = diff
        return result
    if state == 'link' and params['follow'] and os.path.islink(path) and not os.path.exists(path):
        # NOTE: a link to nothing has no attributes to set; 2.19 says so.
        ctx.warn('Cannot set fs attributes on a non-existent symlink target. follow should be set to False to avoid this.')
    else:
        changed = _fs_attrs(ctx, params, path, changed, diff) if state == 'hard' else changed
    result = {'dest': path, 'src': src, 'changed': changed}
    if ctx.diff_mode:
        result['diff'] = diff
    return result
