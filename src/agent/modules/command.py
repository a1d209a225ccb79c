# ansible.builtin.command (and shell: the transport sends shell as command with _uses_shell=True,
# as Ansible's shell action plugin does).
import datetime
import errno
import glob
import os
import shlex

ARGUMENT_SPEC = {
    '_raw_params': {},
    '_uses_shell': {'type': 'bool', 'default': False},
    'cmd': {},
    'argv': {'type': 'list', 'elements': 'str'},
    'chdir': {'type': 'path'},
    'executable': {},
    'expand_argument_vars': {'type': 'bool', 'default': True},
    'creates': {'type': 'path'},
    'removes': {'type': 'path'},
    'stdin': {'required': False},
    'stdin_add_newline': {'type': 'bool', 'default': True},
    'strip_empty_ends': {'type': 'bool', 'default': True},
}
REQUIRED_ONE_OF = [['_raw_params', 'cmd', 'argv']]
MUTUALLY_EXCLUSIVE = [['_raw_params', 'cmd', 'argv']]
SUPPORTS_CHECK_MODE = True
LOAD_EARLY = True
ADD_PATH_INFO = False


def _text(value):
    if isinstance(value, bytes):
        return value.decode('utf-8', 'surrogateescape')
    return str(value)


def _chdir_error(path):
    """The OSError os.chdir(path) would raise, worded as Python does for a bytes path."""
    try:
        is_dir = os.path.isdir(os.path.realpath(path)) and os.stat(path) is not None
    except OSError as e:
        return '[Errno %d] %s: %r' % (e.errno, e.strerror, os.fsencode(path))
    code = errno.EACCES if is_dir else (errno.ENOTDIR if os.path.exists(path) else errno.ENOENT)
    return '[Errno %d] %s: %r' % (code, os.strerror(code), os.fsencode(path))


def run(params, ctx):
    shell = params['_uses_shell']
    chdir = params['chdir']
    executable = params['executable']
    args = params['_raw_params'] or params['cmd']
    argv = params['argv']
    creates = params['creates']
    removes = params['removes']
    r = {'changed': False, 'stdout': '', 'stderr': '', 'rc': None, 'cmd': None, 'start': None, 'end': None, 'delta': None, 'msg': ''}
    if not shell and executable:
        ctx.warn("As of Ansible 2.4, the parameter 'executable' is no longer supported with the 'command' module. Not using '%s'." % executable)
        executable = None
    if not shell and args:
        args = shlex.split(args)
    args = args or argv
    if isinstance(args, (list, tuple)):
        args = [a if isinstance(a, str) else repr(a) if not isinstance(a, (int, float)) else str(a) for a in args]
    r['cmd'] = args
    # NOTE: the agent runs modules in threads of one process, so chdir is passed to the child
    # instead of changing the agent's own working directory.
    cwd = None
    if chdir:
        if not os.path.isdir(chdir) or not os.access(chdir, os.X_OK):
            r['msg'] = 'Unable to change directory before execution.'
            r['failed'] = True
            ctx.exit(_volant_cause=_chdir_error(chdir), **r)
        cwd = chdir
    shoulda = 'Would' if ctx.check_mode else 'Did'

    def _glob(pattern):
        if cwd and not os.path.isabs(pattern):
            return glob.glob(os.path.join(cwd, pattern))
        return glob.glob(pattern)
    if creates and _glob(creates):
        r['msg'] = "%s not run command since '%s' exists" % (shoulda, creates)
        r['stdout'] = 'skipped, since %s exists' % creates
        r['rc'] = 0
    if not r['msg'] and removes and not _glob(removes):
        r['msg'] = "%s not run command since '%s' does not exist" % (shoulda, removes)
        r['stdout'] = 'skipped, since %s does not exist' % removes
        r['rc'] = 0
    if r['msg']:
        return r
    r['changed'] = True
    if not ctx.check_mode:
        start = datetime.datetime.now()
        r['rc'], r['stdout'], r['stderr'] = ctx.run_command(
            args, executable=executable, use_unsafe_shell=shell, encoding=None, data=params['stdin'],
            binary_data=not params['stdin_add_newline'], expand_user_and_vars=params['expand_argument_vars'],
            cwd=cwd)
        end = datetime.datetime.now()
        r['delta'] = str(end - start)
        r['end'] = str(end)
        r['start'] = str(start)
    else:
        r['rc'] = 0
        r['msg'] = 'Command would have run if not in check mode'
        if creates is None and removes is None:
            r['skipped'] = True
            r['changed'] = False
    if params['strip_empty_ends']:
        r['stdout'] = _text(r['stdout']).rstrip('\r\n')
        r['stderr'] = _text(r['stderr']).rstrip('\r\n')
    else:
        r['stdout'] = _text(r['stdout'])
        r['stderr'] = _text(r['stderr'])
    if r['rc'] != 0:
        # fail_json(**r) puts 'failed' and then 'msg' last, which a registered result's keys show
        del r['msg']
        r['failed'] = True
        r['msg'] = 'non-zero return code'
    return r
