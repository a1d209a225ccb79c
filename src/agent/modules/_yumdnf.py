# What dnf (dnf4) and dnf5 share, as ansible's module_utils.yumdnf: the argument spec, the checks of
# name and autoremove made before the bindings are looked for, and the probe of the system
# interpreters for the bindings.
import os
import subprocess
import sys

# where 2.19 looks for an interpreter that has the bindings
SYSTEM_INTERPRETERS = ['/usr/libexec/platform-python', '/usr/bin/python3', '/usr/bin/python']
REQUIRED_ONE_OF = [['name', 'list', 'update_cache']]
MUTUALLY_EXCLUSIVE = [['name', 'list'], ['best', 'nobest']]


# yumdnf's options; a module copies it (dict(_yumdnf.ARGUMENT_SPEC)) and adds its own
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
    'install_repoquery': {'type': 'bool', 'default': True, 'removed_in_version': '2.20', 'removed_from_collection': 'ansible.builtin'},
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
}


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


def bindings_found(module):
    """Whether this Python or one of the system interpreters ansible would respawn under imports MODULE."""
    return _has_bindings(sys.executable, module) or any(_has_bindings(i, module) for i in SYSTEM_INTERPRETERS)


def _has_bindings(interpreter, module):
    if interpreter == sys.executable:
        try:
            __import__(module)
            return True
        except ImportError:
            return False
    if not os.path.exists(interpreter):
        return False
    return subprocess.run([interpreter, '-c', 'import %s' % module], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0
