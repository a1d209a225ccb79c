# ansible.builtin.copy, host side. The controller sends the bytes: `content` (text from the task)
# or `_volant_content_b64` (bytes of a controller file for src=, or a rendered template); with
# remote_src=true, `src` is a path on the host. Checksums are compared before anything is written,
# and the write is atomic (temp file beside dest, then rename).
import base64
import hashlib
import os
import shutil
import stat
import subprocess
import tempfile
import time

import _host_folder_copy
import volant_runtime

ARGUMENT_SPEC = {
    'src': {'type': 'path'},
    '_original_basename': {'type': 'str'},
    'content': {'type': 'str'},
    'dest': {'type': 'path', 'required': True},
    'backup': {'type': 'bool', 'default': False},
    'force': {'type': 'bool', 'default': True},
    'validate': {'type': 'str'},
    'directory_mode': {'type': 'raw'},
    'remote_src': {'type': 'bool', 'default': False},
    'local_follow': {'type': 'bool'},
    'checksum': {'type': 'str'},
    'follow': {'type': 'bool', 'default': False},
}
ADD_FILE_COMMON_ARGS = True
SUPPORTS_CHECK_MODE = True
LOAD_EARLY = True
# NOTE: copy's result names `dest`; Ansible's exit_json adds the stat fields for it.
ADD_PATH_INFO = True
# ansible's default MAX_FILE_SIZE_FOR_DIFF; the controller sends max_diff_size when it is set
MAX_FILE_SIZE_FOR_DIFF = 104448


def _sha1(data):
    return hashlib.sha1(data).hexdigest()


class _Source(object):
    # What copy writes: bytes in memory (content, a small controller file), or a file on the host
    # (remote_src, a large controller file sent ahead) read in pieces whatever its size.
    def __init__(self, data=None, path=None):
        self.data, self.path = data, path

    def digest(self, algo):
        h = hashlib.new(algo)
        if self.path is None:
            h.update(self.data)
        else:
            with open(self.path, 'rb') as f:
                for block in iter(lambda: f.read(1 << 20), b''):
                    h.update(block)
        return h.hexdigest()

    def text(self):
        if self.path is None:
            return self.data.decode('utf-8', 'replace')
        with open(self.path, 'rb') as f:
            return f.read().decode('utf-8', 'replace')

    def write_to(self, f):
        if self.path is None:
            f.write(self.data)
        else:
            with open(self.path, 'rb') as source:
                shutil.copyfileobj(source, f, 1 << 20)


def _with_folder(dest):
    """dest with a folder part, as 2.19's copy module makes it before anything else."""
    return dest if os.sep in dest else '.' + os.sep + dest


def _fake_src(dest, name=None):
    # Ansible reports the temporary file it uploaded: ~/.ansible/tmp/ansible-tmp-<t>-<pid>-<rand>/.source<ext>
    # (assemble's action uploads its joined fragments as `src`)
    name = name or '.source' + os.path.splitext(dest)[1]
    base = volant_runtime.task_tmp_base()
    return '%s/ansible-tmp-%s-%d-%d/%s' % (base, repr(time.time()), os.getpid(), int.from_bytes(os.urandom(6), 'big'), name)


def _task_args_invocation(raw_args, internal):
    # NOTE: an answer of the copy action itself carries the task's args as the action holds them
    # (the template action's own for a template), content censored twice over.
    raw = dict(internal.get('_volant_task_args', raw_args))
    shown = dict(raw)
    module_args = dict(raw)
    if 'content' in raw:
        shown['content'] = 'CENSORED: content is a no_log parameter'
        module_args['content'] = 'VALUE_SPECIFIED_IN_NO_LOG_PARAMETER'
    shown['module_args'] = module_args
    return shown


def _fake_local_src():
    # the controller-side temp file Ansible names in this result
    rand = base64.b32encode(os.urandom(5)).decode('ascii').lower()
    return os.path.expanduser('~/.ansible/tmp/ansible-local-%d%s/.%s' % (os.getpid(), rand[:8], rand[:8]))


def run(params, ctx):
    try:
        return _run(params, ctx)
    except volant_runtime.ModuleFailed as e:
        # NOTE: Ansible's copy action puts the source checksum and an empty diff list beside a
        # failure of the module it ran (with remote_src it hands the module's result back as it is,
        # and so does assemble's action).
        if 'checksum' in params.get('_volant_meta', {}) and not params['remote_src'] and not ctx.internal.get('_volant_upload_name'):
            e.result.setdefault('checksum', params['_volant_meta']['checksum'])
            e.result.setdefault('diff', params['_volant_meta'].get('diff', []))
        elif ctx.internal.get('_volant_upload_name') and params.get('_volant_meta', {}).get('diff'):
            # assemble's action puts its diff beside any failure of the module
            e.result.setdefault('diff', params['_volant_meta']['diff'])
        raise


def _run(params, ctx):
    if ctx.internal.get('_volant_tree') is not None:
        return _copy_controller_tree(params, ctx, ctx.internal['_volant_tree'])
    dest = params['dest']
    remote_src = params['remote_src']
    data = None
    if ctx.internal.get('_volant_content_b64') is not None:
        data = _Source(data=base64.b64decode(ctx.internal['_volant_content_b64']))
    elif ctx.internal.get('_volant_staged') is not None:
        # a controller file sent ahead in pieces (put_chunk), as Ansible uploads src before the module
        staged = os.path.expanduser(ctx.internal['_volant_staged'])
        ctx.add_cleanup_file(staged)
        data = _Source(path=staged)
    elif params['content'] is not None:
        data = _Source(data=params['content'].encode('utf-8', 'surrogateescape'))
        # NOTE: 2.19's action sends content as a file of its own, whatever remote_src says
        remote_src = False
    src = params['src']
    if data is None and src is None:
        ctx.fail('src (or content) is required')
    if params.get('mode') == 'preserve' and ctx.internal.get('_volant_upload_name'):
        # NOTE: assemble's action hands `preserve` to the module, whose source is the file the action
        # uploaded: its mode is that upload's
        params['mode'] = '0%03o' % _upload_mode(ctx)
    if data is None:
        if not remote_src:
            ctx.fail('Source %s not found' % src)
        if not os.path.exists(src):
            ctx.fail('Source %s not found' % src)
        if not os.access(src, os.R_OK):
            ctx.fail('Source %s not readable' % src)
        # NOTE: as ansible's module, `preserve` is the source's mode, a directory's too.
        if params.get('mode') == 'preserve':
            params['mode'] = '0%03o' % stat.S_IMODE(os.stat(src).st_mode)
        if os.path.isdir(src):
            if dest.endswith(os.sep) and not os.path.exists(os.path.dirname(dest)):
                _make_dest_dirs(ctx, params, os.path.dirname(dest), src)
            # as for a file, the module names dest with a folder part, and dest/basename(src) in
            # an existing folder (a src ending in a slash names dest itself)
            named = _with_folder(dest)
            if os.path.isdir(named):
                named = os.path.join(named, os.path.basename(src))
            if not params['force'] and os.path.exists(named):
                return {'changed': False, 'msg': 'file already exists', 'src': src, 'dest': named}
            return _copy_tree(params, ctx, src, dest, named)
        data = _Source(path=src)
    checksum_src = data.digest('sha1')
    params['_volant_meta'] = {'checksum': checksum_src}
    if remote_src:
        _verify_checksum(ctx, params, checksum_src)

    # NOTE: 2.19's module gives a dest without a folder one ('y' → './y'). With remote_src it
    # does so before it joins a folder dest with the source's name; otherwise the action joined
    # them before the module ran, and the action's own answers name dest as written.
    # (an empty dest becomes './', a folder, before anything joins a name to it)
    if remote_src or not dest:
        dest = _with_folder(dest)
    # a directory dest means dest/basename(src); dest ending in a slash is made when missing
    # (the name is that of the file the action uploaded: assemble's is 'src')
    uploaded_name = params['_original_basename'] or os.path.basename(src or ctx.internal.get('_volant_upload_name') or '')
    if dest.endswith(os.sep):
        dest = os.path.join(dest, uploaded_name)
        if not os.path.exists(os.path.dirname(dest)) and (remote_src or not ctx.check_mode):
            _make_dest_dirs(ctx, params, os.path.dirname(dest), src)
    if os.path.isdir(dest):
        dest = os.path.join(dest, uploaded_name)
    # NOTE: the action's diff names dest as it stood, a followed link too (the module writes its target)
    diff_dest = dest
    if os.path.islink(dest) and params['follow']:
        dest = os.path.realpath(dest)
    action_dest = dest
    dest = _with_folder(dest)

    exists = os.path.exists(dest)
    checksum_dest = ctx.sha1(dest) if exists and not os.path.isdir(dest) else None
    # NOTE: a link dest (not followed) never matches: 2.19's action stats it without following (no
    # checksum), and its module replaces a link whatever the checksums say
    if os.path.islink(dest):
        checksum_dest = ''
    diff_list = []
    # NOTE: assemble's action diffs whatever the checksums say (its stat of dest never matches)
    if ctx.diff_mode and (checksum_dest != checksum_src or ctx.internal.get('_volant_diff_always')):
        diff_list.append(_diff_entry(ctx.internal, params['dest'], diff_dest, exists, data))
    # the action computed its diff before the module ran: a failure still carries it
    params['_volant_meta']['diff'] = diff_list

    if exists and not params['force']:
        if remote_src:
            # the module itself answers (with dest's attributes)
            return {'changed': False, 'msg': 'file already exists', 'src': src, 'dest': action_dest}
        # NOTE: Ansible's copy action answers this itself (no module run, so no stat fields), naming the
        # file it would have sent: the controller's source, rendered template or content temp file.
        result = {'changed': False, 'dest': action_dest, 'src': src if remote_src else (ctx.internal.get('_volant_after_header') or _fake_local_src()), '_volant_bare': True}
        if not remote_src:
            result['invocation'] = _task_args_invocation(ctx.raw_args, ctx.internal)
        return result

    file_args = ctx.load_file_common_arguments(params, path=dest)
    uploaded_as = ctx.internal.get('_volant_upload_name')
    if checksum_dest == checksum_src and (remote_src or uploaded_as):
        # NOTE: with remote_src the module itself answers (md5sum and src, no diff list); so it does
        # for assemble's action, which uploads the joined fragments whatever dest holds.
        changed = ctx.set_fs_attributes_if_different(file_args, False, None)
        shown_src = src if remote_src else _fake_src(dest, uploaded_as)
        result = {'changed': changed, 'checksum': checksum_src, 'dest': dest, 'md5sum': data.digest('md5'), 'src': shown_src}
        if diff_list:
            result['diff'] = diff_list
        return result
    if checksum_dest == checksum_src:
        # NOTE: Ansible then runs the file module for attributes: its result has `path` and no md5sum.
        params['_volant_unchanged'] = True
        # NOTE: the file module Ansible runs then answers with its own diff under --diff.
        diff = {'before': {'path': action_dest}, 'after': {'path': action_dest}} if ctx.diff_mode else {}
        changed = ctx.set_fs_attributes_if_different(file_args, False, diff)
        result = {'changed': changed, 'checksum': checksum_src, 'dest': action_dest, 'path': action_dest, 'diff': diff if ctx.diff_mode else diff_list}
        return result

    dest_dir = os.path.dirname(dest) or '.'
    # NOTE: with remote_src the module runs in check mode too, and finds the folder missing
    # (one a `file: state=directory` before it only pretended to make).
    # (assemble's action runs the module in check mode as well)
    runs_in_check = remote_src or uploaded_as
    if (runs_in_check or not ctx.check_mode) and not os.path.exists(dest_dir):
        ctx.fail('Destination directory %s does not exist' % dest_dir)
    if ctx.check_mode:
        if runs_in_check:
            # the module runs in check mode: its whole answer, nothing written
            if os.path.lexists(dest):
                ctx.set_fs_attributes_if_different(file_args, True, None)
            shown = {'diff': diff_list} if diff_list and not remote_src else {}
            return dict(shown, changed=True, checksum=checksum_src, dest=dest, md5sum=data.digest('md5'), src=src if remote_src else _fake_src(dest, uploaded_as))
        # NOTE: Ansible's copy action answers check mode itself with `changed` only.
        ctx.exit(changed=True, diff=diff_list, invocation=_task_args_invocation(ctx.raw_args, ctx.internal), _volant_bare=True)
    if not remote_src:
        # NOTE: the action verifies `checksum` only when it runs the module: a change, not check mode
        _verify_checksum(ctx, params, checksum_src)

    if not os.path.isdir(dest_dir):
        ctx.fail('Destination %s is not a directory' % dest_dir)
    if not os.access(dest_dir, os.W_OK) and not exists:
        ctx.fail('Destination %s not writable' % dest_dir)
    result = {}
    if params['backup'] and exists:
        result['backup_file'] = ctx.backup_local(dest)
    if os.path.islink(dest):
        # NOTE: as 2.19's module, the link becomes an empty file before validate runs (a failing
        # validate leaves that)
        os.unlink(dest)
        open(dest, 'w').close()
    fd, tmp = tempfile.mkstemp(prefix='.ansible_tmp', dir=dest_dir, suffix=os.path.basename(dest))
    try:
        with os.fdopen(fd, 'wb') as f:
            # NOTE: no fsync, as ansible-core (runtime.atomic_write says why)
            data.write_to(f)
        if params['validate']:
            _validate_source(ctx, params, src if remote_src else _uploaded_source(ctx, params, data, dest, uploaded_as))
        if remote_src:
            # NOTE: a host file copied takes its source's mode (and times), not the replaced file's
            shutil.copystat(src, tmp)
        ctx.atomic_move(tmp, dest, keep_dest_attrs=not remote_src)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    ctx.set_fs_attributes_if_different(file_args, True, None)
    result.update({
        'changed': True,
        'checksum': checksum_src,
        'dest': dest,
        'md5sum': data.digest('md5'),
        'src': src if (src and remote_src) else params.setdefault('_volant_src', _fake_src(dest, uploaded_as)),
    })
    if not remote_src:
        result['diff'] = diff_list
    return result


def _uploaded_source(ctx, params, data, dest, uploaded_as):
    """The file 2.19's action uploads for the module (its result's src): u+x, as the action leaves it."""
    path = params.setdefault('_volant_src', _fake_src(dest, uploaded_as))
    _write_upload(ctx, path, data)
    return path


def _write_upload(ctx, path, data, source_mode=None):
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    ctx.add_cleanup_file(os.path.dirname(path))
    with open(path, 'wb') as f:
        data.write_to(f)
    os.chmod(path, _upload_mode(ctx, source_mode))


def _upload_mode(ctx, source_mode=None):
    """The mode of a file 2.19's action uploads, then makes u+x: over ssh, sftp creates it with the
    mode of the controller's file (`source_mode`, else the one the action names) under the host's
    umask; the local connection copies it as a new file (the umask's mode)."""
    if source_mode is None:
        source_mode = ctx.internal.get('_volant_upload_source_mode')
    if ctx.internal.get('_volant_upload_over_ssh') and source_mode is not None:
        return (source_mode & 0o777 & ~_umask()) | stat.S_IXUSR
    return (0o666 & ~_umask()) | stat.S_IXUSR


def _umask():
    # the agent runs requests in threads: read the umask rather than set it to learn it
    try:
        with open('/proc/self/status') as f:
            for line in f:
                if line.startswith('Umask:'):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    return 0o022


def _validate_source(ctx, params, path):
    # NOTE: 2.19's module validates the source itself (the uploaded file, or remote_src's own),
    # given mode, owner and group first: a check of the file's permissions (visudo) sees them
    ctx.set_mode_if_different(path, params['mode'], False)
    ctx.set_owner_if_different(path, params['owner'], False)
    ctx.set_group_if_different(path, params['group'], False)
    if '%s' not in params['validate']:
        ctx.fail('validate must contain %%s: %s' % params['validate'])
    rc, out, err = ctx.run_command(params['validate'] % path)
    if rc != 0:
        ctx.fail('failed to validate', exit_status=rc, stdout=out, stderr=err)


def _diff_entry(internal, given_dest, dest, exists, data):
    """The action's diff of dest (`exists` or not) and the bytes it would write."""
    raw_before = b''
    if exists:
        with open(dest, 'rb') as f:
            raw_before = f.read()
    # NOTE: ansible's header names the file it compared: the controller source (or the rendered
    # template's temp file) for src=, the destination for content.
    after_header = internal.get('_volant_after_header') or (given_dest if not os.path.isdir(given_dest) else dest)
    entry = {}
    limit = internal.get('_volant_max_diff_size', MAX_FILE_SIZE_FOR_DIFF)
    # NOTE: as ansible's _get_diff_data, a side holding a NUL byte (dest: in its first 8 KiB) is
    # binary, and one larger than MAX_FILE_SIZE_FOR_DIFF is too big: only a note is shown.
    if b'\x00' in raw_before[:8192]:
        entry['dst_binary'] = 1
    elif limit > 0 and len(raw_before) > limit:
        entry['dst_larger'] = limit
    else:
        # NOTE: as ansible's to_text: bytes that are not UTF-8 stay as lone surrogates (the
        # controller's display prints each run of them as '?').
        entry['before'] = raw_before.decode('utf-8', 'surrogateescape')
        # NOTE: ansible names the file being replaced; a new file has no "before" header.
        if exists:
            entry['before_header'] = dest
    after = data.data if data.path is None else None
    if after is None:
        with open(data.path, 'rb') as f:
            after = f.read()
    if limit > 0 and len(after) > limit:
        entry['src_larger'] = limit
    elif b'\x00' in after:
        entry['src_binary'] = 1
    else:
        entry['after'] = after.decode('utf-8', 'surrogateescape')
        entry['after_header'] = after_header
    return _hidden_for_no_log(entry, internal)


NO_LOG_AFTER = " [[ Diff output has been hidden because 'no_log: true' was specified for this result ]]\n"


def _hidden_for_no_log(entry, internal):
    """As 2.19's _get_diff_data (copy, template, assemble) under a no_log task: the before emptied,
    the after replaced by a note; headers and the binary/larger notes stay."""
    if internal.get('_volant_no_log'):
        if 'before' in entry:
            entry['before'] = ''
        if 'after' in entry:
            entry['after'] = NO_LOG_AFTER
    return entry


def _action_stat(path, follow):
    """The stat of dest the copy action makes before it sends a file: (its result, or None when
    there is nothing there; an answer that stops the task when it cannot look, the stat module's
    words quoted: dest under a regular file, unreadable)."""
    try:
        return (os.stat(path) if follow else os.lstat(path)), None
    except FileNotFoundError:
        return None, None
    except OSError as e:
        return None, {'failed': True, 'msg': 'Failed to get information on remote file (%s): %s' % (path, e.strerror),
                      '_volant_action_error': True}


def ACTION_STATS_DEST_FIRST(params):
    """2.19's copy action runs the stat module on dest before it sends a controller file or
    content; with remote_src it runs copy alone."""
    return not params.get('remote_src')


def ACTION_PRECHECK(args, internal):
    """What 2.19's copy action answers before the module checks its arguments: its stat of dest,
    and content refused for a folder."""
    sent = args.get('content') is not None or internal.get('_volant_content_b64') is not None or internal.get('_volant_staged') is not None
    dest = args.get('dest')
    if internal.get('_volant_tree') is not None and isinstance(dest, str):
        if internal.get('_volant_check_mode') or _first_tree_write(args, internal['_volant_tree']) is None:
            # no file of the folder reaches the copy module: its argument checks never happen
            _drop_copy_only_args(args, keep=('directory_mode',))
        return None
    if not sent or internal.get('_volant_tree') is not None or not isinstance(dest, str):
        return None
    dest = os.path.expanduser(dest)
    if dest.endswith(os.sep):
        dest = os.path.join(dest, args.get('_original_basename') or '')
    follow = volant_runtime.boolean(args.get('follow', False), strict=False)
    st, answer = _action_stat(dest, follow)
    if answer is None and st is not None and stat.S_ISDIR(st.st_mode) and args.get('content') is not None:
        answer = {'failed': True, 'msg': 'can not use content with a dir as dest', 'diff': [], '_volant_action_answer': True}
    if answer is None and not internal.get('_volant_upload_name'):
        answer = _action_answer(args, internal, dest, st, follow)
    return answer


# What 2.19's copy action hands the file module for a file already as it should be: the file
# arguments (REAL_FILE_ARGS) and what Volant's module needs to know the file is unchanged.
_UNCHANGED_ARGS = frozenset(volant_runtime.FILE_COMMON_ARGUMENTS) | {'_original_basename', 'force', 'src', 'dest', 'content', 'follow', 'remote_src'}


def _drop_copy_only_args(args, keep=()):
    """Leaves ARGS with what 2.19's copy action hands the file module (and KEEP, which the action
    reads itself): the copy module, which would check the rest, never runs."""
    for key in [k for k in args if k not in _UNCHANGED_ARGS and k not in keep]:
        del args[key]


def _action_answer(args, internal, dest, st, follow):
    """2.19's copy action with a file to send, before any module: in check mode a file that would
    change is `changed` (with its diff) without the module, so its argument checks never happen; a
    file already the same goes to the file module, which never sees the copy-only arguments (they
    are dropped from `args` here). None when the module is to run."""
    if st is not None and stat.S_ISDIR(st.st_mode):
        dest = os.path.join(dest, args.get('_original_basename') or '')
        st, answer = _action_stat(dest, follow)
        if answer is not None or (st is not None and stat.S_ISDIR(st.st_mode)):
            return answer
    if st is not None and not volant_runtime.boolean(args.get('force', True), strict=False):
        # NOTE: the action reads force loosely (a list is false): with dest there it answers
        # itself, so the module never refuses a force that is not a boolean.
        if internal.get('_volant_upload_name'):
            return None
        # (its result names dest as given, a folder too, not the file in it)
        return {'changed': False, 'dest': os.path.expanduser(args['dest']), 'src': internal.get('_volant_after_header') or _fake_local_src(),
                'invocation': _task_args_invocation(args, internal)}
    data = _sent_data(args, internal)
    if data is None:
        return None
    # NOTE: the stat module gives a checksum of a regular file only: a link the action did not
    # follow never matches (the module then replaces it)
    if st is not None and stat.S_ISREG(st.st_mode) and _file_sha1(dest) == data.digest('sha1'):
        _drop_copy_only_args(args)
        return None
    if not internal.get('_volant_check_mode'):
        return None
    # (the diff's peek at dest follows a link: one to nothing is no file)
    diff = [_diff_entry(internal, os.path.expanduser(args['dest']), dest, os.path.exists(dest), data)] if internal.get('_volant_diff_mode') else []
    return {'changed': True, 'diff': diff, 'invocation': _task_args_invocation(args, internal)}


def ACTION_BEFORE_MODULE(args, internal):
    """What 2.19's copy action has beside a module that refuses its arguments: under --diff, the
    diff of a file that would change (assemble's too). (Without it the controller's copy action
    adds its empty diff list.)"""
    dest = args.get('dest')
    if isinstance(dest, str) and internal.get('_volant_tree') is not None:
        return _tree_before_module(args, internal, internal['_volant_tree'])
    if not isinstance(dest, str) or not internal.get('_volant_diff_mode'):
        return {}
    data = _sent_data(args, internal)
    if data is None or (args.get('content') is None and volant_runtime.boolean(args.get('remote_src', False), strict=False)):
        return {}
    dest = os.path.expanduser(dest)
    if dest.endswith(os.sep) or os.path.isdir(dest):
        dest = os.path.join(dest, args.get('_original_basename') or '')
    exists = os.path.isfile(dest)
    if exists and _file_sha1(dest) == data.digest('sha1'):
        return {}
    return {'diff': [_diff_entry(internal, os.path.expanduser(args['dest']), dest, exists, data)]}


def _first_tree_write(args, tree):
    """The first file of a controller folder 2.19's copy action would write, walking it file by
    file (a missing one, or one that differs; an existing one is passed over when force is false):
    (target, whether it exists, its data, its controller path), or None when there is none."""
    dest = os.path.join(os.path.expanduser(args['dest']), '')
    force = volant_runtime.boolean(args.get('force', True), strict=False)
    for rel, b64, local, _, _ in tree['files']:
        target = os.path.join(dest, rel)
        exists = os.path.isfile(target)
        if exists and not force:
            continue
        data = base64.b64decode(b64)
        if exists and _file_sha1(target) == _sha1(data):
            continue
        return target, exists, data, local
    return None


def _tree_before_module(args, internal, tree):
    """What 2.19's copy action has of the first file of a controller folder it would write when
    that file's copy module refuses the arguments: its checksum, and its diff under --diff."""
    first = _first_tree_write(args, tree)
    if first is None:
        return {}
    target, exists, data, local = first
    diff = [_diff_entry(dict(internal, _volant_after_header=local), target, target, exists, _Source(data=data))] \
        if internal.get('_volant_diff_mode') else []
    return {'checksum': _sha1(data), 'diff': diff}


def _sent_data(args, internal):
    """The bytes the action sends: a controller file or template, or content."""
    if internal.get('_volant_content_b64') is not None:
        return _Source(data=base64.b64decode(internal['_volant_content_b64']))
    if internal.get('_volant_staged') is not None:
        return _Source(path=os.path.expanduser(internal['_volant_staged']))
    if isinstance(args.get('content'), str):
        return _Source(data=args['content'].encode('utf-8', 'surrogateescape'))
    return None


def _file_sha1(path):
    h = hashlib.sha1()
    try:
        with open(path, 'rb') as f:
            for block in iter(lambda: f.read(1 << 20), b''):
                h.update(block)
    except OSError:
        return None
    return h.hexdigest()


def _verify_checksum(ctx, params, checksum_src):
    if params['checksum'] and params['checksum'] != checksum_src:
        ctx.fail('Copied file does not match the expected checksum. Transfer failed.', checksum=checksum_src, expected_checksum=params['checksum'])


def _make_dest_dirs(ctx, params, dirname, src):
    """Makes a missing destination folder (dest ended in a slash); new folders get directory_mode, owner, group."""
    head = dirname
    new_dirs = []
    while head and not os.path.exists(head):
        if head == '/':
            ctx.fail("The '/' directory doesn't exist on this machine. Could not copy to %s" % dirname)
        head, tail = os.path.split(head)
        new_dirs.insert(0, tail)
    if ctx.check_mode:
        ctx.exit(msg='dest directory %s would be created' % dirname, changed=True, src=src)
    os.makedirs(dirname)
    args = ctx.load_file_common_arguments(dict(params, mode=params['directory_mode']))
    for name in new_dirs:
        head = os.path.join(head or '.', name)
        ctx.set_fs_attributes_if_different(dict(args, path=head), True, None)


def _copy_controller_tree(params, ctx, tree):
    # NOTE: Ansible's copy action copies a controller directory file by file (the copy module for
    # each, then the file module for each directory) and answers with dest (ending in a slash),
    # src and changed; a directory holding one file answers with that file's own result.
    dest = params['dest'] if params['dest'].endswith(os.sep) else params['dest'] + os.sep
    changed = False
    diffs = []
    last = None
    last_module = {}
    for rel, b64, local, mode, upload_mode in tree['files']:
        data = base64.b64decode(b64)
        target = os.path.join(dest, rel)
        answer = _action_stat(target, params['follow'])[1]
        if answer is not None:
            ctx.fail(answer.pop('msg'), **answer)
        # NOTE: `mode: preserve` is each controller file's own mode.
        file_params = dict(params, mode=mode) if mode else params
        exists = os.path.exists(target)
        checksum = _sha1(data)
        if exists and not params['force']:
            # (before any checksum: the action passes over it, no file module runs for it either)
            continue
        if exists and ctx.sha1(target) == checksum:
            # the file module run for its attributes: its own diff under --diff
            diff = {'before': {'path': target}, 'after': {'path': target}} if ctx.diff_mode else None
            same = ctx.set_fs_attributes_if_different(ctx.load_file_common_arguments(file_params, path=target), False, diff)
            changed = changed or same
            last = {'changed': same, 'checksum': checksum, 'dest': target, 'path': target}
            # (the invocation shown is that file module's)
            last_module = dict(dest=dest, _original_basename=rel, _volant_unchanged=True)
            if diff is not None:
                last['diff'] = diff
            continue
        if ctx.diff_mode:
            before = ''
            if exists:
                with open(target, 'rb') as f:
                    before = f.read().decode('utf-8', 'surrogateescape')
            entry = {'after': data.decode('utf-8', 'surrogateescape'), 'after_header': local, 'before': before}
            if exists:
                entry['before_header'] = target
            diffs.append(_hidden_for_no_log(entry, ctx.internal))
        changed = True
        if ctx.check_mode:
            # no copy module runs: the action's own answer for the file, changed and its diff
            last = {'changed': True, 'invocation': _task_args_invocation(ctx.raw_args, ctx.internal), '_volant_bare': True}
            continue
        uploaded = _fake_src(target)
        last = {'changed': True, 'checksum': checksum, 'dest': target, 'md5sum': hashlib.md5(data).hexdigest(), 'src': uploaded}
        last_module = dict(dest=dest, _original_basename=rel, _volant_src=uploaded)
        if params['checksum'] and params['checksum'] != checksum:
            # the copy module run for this file checks it (the action's diff for the file beside)
            ctx.fail('Copied file does not match the expected checksum. Transfer failed.', checksum=checksum,
                     expected_checksum=params['checksum'], diff=diffs[-1:] if ctx.diff_mode else [])
        try:
            # the copy module run for the file makes its missing folders, each new one given
            # directory_mode (and owner, group) from the topmost down
            if not os.path.isdir(os.path.dirname(target)):
                _make_dest_dirs(ctx, params, os.path.dirname(target), None)
            if params['backup'] and exists:
                last['backup_file'] = ctx.backup_local(target)
            if params['validate']:
                _write_upload(ctx, uploaded, _Source(data=data), upload_mode)
                _validate_source(ctx, file_params, uploaded)
            ctx.atomic_write(target, data)
            ctx.set_fs_attributes_if_different(ctx.load_file_common_arguments(file_params, path=target), True, None)
        except volant_runtime.ModuleFailed as e:
            # its failed result gets the file's checksum and the diff list from the action, and
            # shows the module's own invocation (dest as the action passed it, the file's path in
            # the tree as its basename, its upload as src)
            e.result.setdefault('checksum', checksum)
            e.result.setdefault('diff', diffs)
            params.update(dest=dest, _original_basename=rel, _volant_src=_fake_src(target))
            raise
    for rel in tree['dirs']:
        # NOTE: 2.19's action runs the file module (state=directory, mode=directory_mode, the task's
        # owner and group) on every folder of the tree, existing or not: a bad directory_mode fails
        # there, and a folder whose attributes differ is a change
        path = os.path.join(dest, rel)
        if not os.path.isdir(path):
            changed = True
            if ctx.check_mode:
                continue
            os.makedirs(path)
        args = ctx.load_file_common_arguments(dict(params, mode=params['directory_mode']), path=path)
        try:
            changed = ctx.set_fs_attributes_if_different(args, False, None) or changed
        except volant_runtime.ModuleFailed as e:
            # the file module's failure, as it is: no source checksum or diff list from the action
            e.result['_volant_folder_failed'] = True
            raise
    for target, rel in tree.get('links', []):
        # NOTE: a link kept as a link (local_follow=false, or one to nothing) is made again on the
        # host pointing where it pointed, replacing what is there (the file module's force).
        path = os.path.join(dest, rel)
        if os.path.islink(path) and os.readlink(path) == target:
            continue
        changed = True
        if ctx.check_mode:
            continue
        if not os.path.isdir(os.path.dirname(path)):
            os.makedirs(os.path.dirname(path))
        if os.path.lexists(path) and not os.path.isdir(path):
            os.unlink(path)
        os.symlink(target, path)
    if len(tree['files']) == 1 and last is not None:
        # the result (and invocation) of the module run for that file, if one ran
        params.update(last_module)
        return dict(last, diff=last.get('diff', diffs))
    # NOTE: the per-file diffs stay in the per-file results ansible throws away: none is shown.
    # (the action's own answer: it shows the task's args as its invocation)
    return {'changed': changed, 'dest': dest, 'src': ctx.internal.get('_volant_tree_src'), '_volant_bare': True,
            'invocation': _task_args_invocation(ctx.raw_args, ctx.internal)}


def _copy_tree(params, ctx, src, dest, shown_dest):
    """Copies the host folder SRC into DEST; SHOWN_DEST is the dest the module named before
    copying (dest/basename(src) only when dest was already a folder)."""
    if not src.endswith(os.sep):
        dest = os.path.join(dest, os.path.basename(src))
    changed = _host_folder_copy.mirror_folder(src, dest, params, ctx)
    # NOTE: the attributes go to the dest the module named (2.19: dest itself when it was not a
    # folder yet, even though the tree went into dest/basename(src))
    if not ctx.check_mode and os.path.isdir(shown_dest):
        changed = ctx.set_fs_attributes_if_different(ctx.load_file_common_arguments(params, path=shown_dest), changed, None)
    # NOTE: the module has no checksum for a directory, and says so.
    return {'changed': changed, 'dest': shown_dest, 'src': src, 'checksum': None, 'md5sum': None}


def adjust_invocation(args, result):
    """What Ansible's copy action sends the module: the uploaded temp file as src, no content."""
    uploaded = args.pop('_volant_src', None)
    meta = args.pop('_volant_meta', {})
    if args.pop('_volant_unchanged', False):
        # the file module's invocation, as Ansible's copy action ran it for the attributes (content
        # went into the action's temp file, whose name it passes on)
        original = args.get('_original_basename')
        if original is None and args.get('content') is not None:
            original = _content_tmp_basename()
        return {
            '_diff_peek': None, '_original_basename': original, 'access_time': None,
            'access_time_format': '%Y%m%d%H%M.%S', 'attributes': args.get('attributes'), 'dest': args['dest'],
            'follow': True, 'force': False, 'group': args.get('group'), 'mode': args.get('mode'),
            'modification_time': None, 'modification_time_format': '%Y%m%d%H%M.%S', 'owner': args.get('owner'),
            'path': result.get('dest', args['dest']), 'recurse': False, 'selevel': args.get('selevel'),
            'serole': args.get('serole'), 'setype': args.get('setype'), 'seuser': args.get('seuser'), 'src': None,
            'state': 'file', 'unsafe_writes': args.get('unsafe_writes'),
        }
    if 'checksum' not in meta and isinstance(args.get('content'), str):
        meta = {'checksum': _sha1(args['content'].encode('utf-8', 'surrogateescape'))}
    # (content is uploaded whatever remote_src says)
    if not args.get('remote_src') or args.get('content') is not None:
        if args.get('content') is not None or uploaded is not None or args.get('src') is None:
            args['src'] = uploaded or result.get('src') or _fake_src(args['dest'])
        args['content'] = None
        args['checksum'] = meta.get('checksum', result.get('checksum', args.get('checksum')))
        if args.get('_original_basename') is None:
            args['_original_basename'] = _content_tmp_basename()
    return args


def _content_tmp_basename():
    # the hidden temp file 2.19's copy action writes content into ('.' and 8 random characters)
    return '.' + base64.b32encode(os.urandom(5)).decode('ascii').lower()[:8]
