# package: the generic package module; runs the host's package manager module (apt here) with the
# same arguments, as ansible's `package` action does after looking at the pkg_mgr fact.
# NOTE: 2.19 never runs a `package` module: its action checks nothing but `use`, and the backend
# gets every other argument (apt's update_cache, a missing state) to check as its own.
import os

import volant_runtime

ARGUMENT_SPEC = {
    'name': {'type': 'list', 'elements': 'str'},
    'state': {'type': 'str'},
    'use': {'type': 'str', 'default': 'auto'},
}
PASSES_ARGS_ON = True
SUPPORTS_CHECK_MODE = True
ADD_PATH_INFO = False

# The same table the pkg_mgr fact uses, last match wins; Debian-family hosts always get apt.
_PKG_MGRS = [('/usr/bin/yum', 'dnf'), ('/usr/bin/dnf-3', 'dnf'), ('/usr/bin/dnf5', 'dnf5'),
             ('/usr/bin/apt-get', 'apt'), ('/usr/bin/zypper', 'zypper'), ('/usr/bin/pacman', 'pacman'),
             ('/sbin/apk', 'apk')]


# The backends the controller's package action sends here (the others it runs itself).
_BACKENDS = ('apt', 'dnf', 'dnf5')


def detect_pkg_mgr():
    found = 'unknown'
    for path, name in _PKG_MGRS:
        if os.path.exists(path):
            found = name
    return found


def run(params, ctx):
    backend = params['use']
    if backend == 'auto':
        backend = detect_pkg_mgr()
    loader = getattr(volant_runtime, 'load_module', None)
    short = backend
    for prefix in ('ansible.builtin.', 'ansible.legacy.'):
        if short.startswith(prefix):
            short = short[len(prefix):]
    module = loader(short) if loader and short in _BACKENDS else None
    if module is None:
        # NOTE: the action's own failure in 2.19 (its lookup of the backend), not the module's
        ctx.fail('Could not find a matching action for the "%s" package manager.' % backend, _volant_task_failed=True)
    # NOTE: ansible's package action sends the task's arguments as written, less `use`
    args = dict((k, v) for k, v in (ctx.raw_args or ctx.params).items() if k != 'use')
    # 2.19 runs a built-in backend as ansible.legacy.<name>: its messages name it so
    args['_ansible_module_name'] = backend if '.' in backend else 'ansible.legacy.' + backend
    result = volant_runtime.run_module(short, module, args, check_mode=ctx.check_mode, diff_mode=ctx.diff_mode,
                                       environ=ctx.environ)
    # the backend's own invocation and warnings are the ones the user should see
    for w in result.pop('warnings', []):
        ctx.warn(w)
    if result.get('failed'):
        msg = result.pop('msg', '')
        result.pop('failed')
        ctx.fail(msg, **result)
    ctx.exit(**result)
