# dnf5: packages through libdnf5's Python bindings. On a host without them (Debian's apt, say) it
# fails as 2.19's module does: check mode refuses, else `dnf install -y python3-libdnf5` is tried
# (auto_install_module_deps), then the bindings are looked for again. Volant does not drive libdnf5
# transactions yet: where the bindings import, it says so.
import sys

import _yumdnf

ARGUMENT_SPEC = dict(_yumdnf.ARGUMENT_SPEC)
ARGUMENT_SPEC.update({'auto_install_module_deps': {'type': 'bool', 'default': True}})
SUPPORTS_CHECK_MODE = True
REQUIRED_ONE_OF = _yumdnf.REQUIRED_ONE_OF
MUTUALLY_EXCLUSIVE = _yumdnf.MUTUALLY_EXCLUSIVE
ADD_PATH_INFO = False


def run(params, ctx):
    _yumdnf.check_common(params, ctx)
    locale = ctx.best_parsable_locale()
    env = dict.fromkeys(('LC_ALL', 'LC_MESSAGES', 'LANGUAGE', 'LANG'), locale)
    for attempt in (1, 2):
        if _yumdnf.bindings_found('libdnf5'):
            ctx.fail('Volant cannot run dnf5 transactions yet (libdnf5 is there)')
        if attempt == 1:
            if ctx.check_mode:
                ctx.fail('python3-libdnf5 must be installed to use check mode. If run normally this module can '
                         'auto-install it, see the auto_install_module_deps option.')
            elif params['auto_install_module_deps']:
                ctx.run_command(['dnf', 'install', '-y', 'python3-libdnf5'], check_rc=True, environ_update=env)
            else:
                break
    py_version = sys.version.replace('\n', '')
    ctx.fail('Could not import the libdnf5 python module using %s (%s). Ensure python3-libdnf5 package is installed '
             '(either manually or via the auto_install_module_deps option) or that you have specified the correct '
             'ansible_python_interpreter. (attempted %s).' % (sys.executable, py_version, _yumdnf.SYSTEM_INTERPRETERS),
             failures=[])
