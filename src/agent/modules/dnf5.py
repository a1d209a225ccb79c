# dnf5: packages through libdnf5's Python bindings. On a host without them (Debian's apt, say) it
# fails as 2.19's module does: check mode refuses, else `dnf install -y python3-libdnf5` is tried
# (auto_install_module_deps), then the bindings are looked for again. Volant does not drive libdnf5
# transactions yet: where the bindings import, it says so.
import os
import subprocess
import sys

ARGUMENT_SPEC = {
    'allow_downgrade': {'type': 'bool', 'default': False},
    'allowerasing': {'type': 'bool', 'default': False},
    'autoremove': {'type': 'bool', 'default': False},
    'best': {'type': 'bool'},
    'bugfix': {'type': 'bool', 'default': False},
    'cacheonly': {'type': 'bool', 'default': False},
    'conf_file': {'type': 'str'},
    'disable_excludes': {'type': 'str'},
    'disable_gpg_check': {'type': 'bool', 'default': False},
    'disable_plugin': {'type': 'list', 'elements': 'str', 'default': []},
    'disablerepo': {'type': 'list', 'elements': 'str', 'default': []},
    'download_only': {'type': 'bool', 'default': False},
    'download_dir': {'type': 'str'},
    'enable_plugin': {'type': 'list', 'elements': 'str', 'default': []},
    'enablerepo': {'type': 'list', 'elements': 'str', 'default': []},
    'exclude': {'type': 'list', 'elements': 'str', 'default': []},
    'installroot': {'type': 'str', 'default': '/'},
    'install_repoquery': {'type': 'bool', 'default': True},
    'install_weak_deps': {'type': 'bool', 'default': True},
    'list': {'type': 'str'},
    'name': {'type': 'list', 'elements': 'str', 'aliases': ['pkg'], 'default': []},
    'nobest': {'type': 'bool'},
    'releasever': {},
    'security': {'type': 'bool', 'default': False},
    'skip_broken': {'type': 'bool', 'default': False},
    'state': {'type': 'str', 'choices': ['absent', 'installed', 'latest', 'present', 'removed']},
    'update_cache': {'type': 'bool', 'default': False, 'aliases': ['expire-cache']},
    'update_only': {'type': 'bool', 'default': False},
    'validate_certs': {'type': 'bool', 'default': True},
    'sslverify': {'type': 'bool', 'default': True},
    'lock_timeout': {'type': 'int', 'default': 30},
    'auto_install_module_deps': {'type': 'bool', 'default': True},
}
SUPPORTS_CHECK_MODE = True
REQUIRED_ONE_OF = [['name', 'list', 'update_cache']]
MUTUALLY_EXCLUSIVE = [['name', 'list'], ['best', 'nobest']]
ADD_PATH_INFO = False

# where 2.19 looks for an interpreter that has the bindings
SYSTEM_INTERPRETERS = ['/usr/libexec/platform-python', '/usr/bin/python3', '/usr/bin/python']


def comma_split(items):
    """A list whose comma-separated strings are split, their parts after the others (yumdnf's order)."""
    whole = [e for e in items if ',' not in e]
    return whole + [part.strip() for e in items if ',' in e for part in e.split(',')]


def check_common(params, ctx):
    """yumdnf's checks of name and autoremove, made before the bindings are looked for."""
    names = comma_split([p.strip() for p in params['name']])
    for name in names:
        if ' ' in name and not any(spec in name for spec in ['@', '>', '<', '=']):
            ctx.fail('It appears that a space separated string of packages was passed in as an argument. To operate '
                     'on several packages, pass a comma separated string of packages or a list of packages.')
    state = params['state'] or ('absent' if params['autoremove'] else 'present')
    if params['autoremove'] and state != 'absent':
        ctx.fail('Autoremove should be used alone or with state=absent', results=[])


def has_bindings(interpreter, module):
    if interpreter == sys.executable:
        try:
            __import__(module)
            return True
        except ImportError:
            return False
    rc, _, _ = _probe(interpreter, module)
    return rc == 0


def _probe(interpreter, module):
    if not os.path.exists(interpreter):
        return 1, '', ''
    p = subprocess.run([interpreter, '-c', 'import %s' % module], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout, p.stderr


def run(params, ctx):
    if 'install_repoquery' in ctx.raw_args:
        ctx.deprecate("Param 'install_repoquery' is deprecated. See the module docs for more information",
                      version='2.20', collection_name='ansible.builtin')
    check_common(params, ctx)
    locale = ctx.best_parsable_locale()
    env = dict.fromkeys(('LC_ALL', 'LC_MESSAGES', 'LANGUAGE', 'LANG'), locale)
    for attempt in (1, 2):
        if has_bindings(sys.executable, 'libdnf5') or any(has_bindings(i, 'libdnf5') for i in SYSTEM_INTERPRETERS):
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
             'ansible_python_interpreter. (attempted %s).' % (sys.executable, py_version, SYSTEM_INTERPRETERS),
             failures=[])
