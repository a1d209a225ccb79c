# package_facts: the installed packages as ansible_facts.packages (name -> list of {name, version,
# arch, category, origin, source}). Volant reads apt's database through python3-apt; the other
# package managers Ansible knows are recognised by name but not read (Debian hosts have apt).
import os
import warnings
import volant_runtime

ARGUMENT_SPEC = {
    'manager': {'type': 'list', 'elements': 'str', 'default': ['auto']},
    'strategy': {'choices': ['first', 'all'], 'default': 'first'},
}
SUPPORTS_CHECK_MODE = True
ADD_PATH_INFO = False

KNOWN = ['apk', 'apt', 'pacman', 'pkg', 'pkg_info', 'portage', 'rpm']
# How Ansible finds each manager: a Python library (with the CLIs that betray its absence) or a CLI.
LIBS = {'rpm': ('rpm', ['rpm']), 'apt': ('apt', ['apt', 'apt-get', 'aptitude'])}
CLIS = {'pacman': 'pacman', 'pkg': 'pkg', 'portage': 'qlist', 'apk': 'apk', 'pkg_info': 'pkg_info'}
ALIASES = {'rpm': ['dnf', 'dnf5', 'yum', 'zypper'], 'pkg': ['pkg5', 'pkgng'], 'pkg_info': ['openbsd_pkg']}


def apt_packages():
    """{name: [details]} from python3-apt; raises ImportError when the library is missing."""
    with warnings.catch_warnings():
        warnings.filterwarnings('ignore', 'apt API not stable yet', FutureWarning)
        import apt
    cache = apt.Cache()
    found = {}
    for name in cache.keys():
        pkg = cache[name]
        if not pkg.is_installed:
            continue
        inst = pkg.installed
        details = {'name': name, 'version': inst.version, 'arch': inst.architecture, 'category': inst.section,
                   'origin': inst.origins[0].origin, 'source': 'apt'}
        found.setdefault(name, []).append(details)
    return found


def unusable_reason(ctx, manager):
    """Why a manager other than apt (or apt without python3-apt) cannot be read here."""
    if manager in LIBS:
        lib, binaries = LIBS[manager]
        for binary in binaries:
            path = ctx.get_bin_path(binary)
            if path:
                return 'Found executable at %s. %s' % (path, volant_runtime.missing_required_lib(lib))
        return volant_runtime.missing_required_lib(lib)
    path = ctx.get_bin_path(CLIS[manager])
    if path:
        return 'Volant cannot read the %s package database yet' % manager
    dirs = os.environ.get('PATH', '').split(os.pathsep)
    dirs += [d for d in ('/sbin', '/usr/sbin', '/usr/local/sbin') if d not in dirs]
    return 'Failed to find required executable "%s" in paths: %s' % (CLIS[manager], os.pathsep.join(dirs))


def run(params, ctx):
    names = KNOWN + [alias for aliases in ALIASES.values() for alias in aliases]
    managers = [m.lower() for m in params['manager']]
    if 'auto' in managers:
        managers.extend(names)
        managers.remove('auto')
    unsupported = set(managers).difference(names)
    if unsupported:
        if 'auto' in params['manager']:
            ctx.fail('Could not auto detect a usable package manager, check warnings for details.')
        ctx.fail('Unsupported package managers requested: %s' % ', '.join(sorted(unsupported)))
    packages = {}
    found = 0
    seen = set()
    for manager in managers:
        if params['strategy'] == 'first' and found:
            break
        for real, aliases in ALIASES.items():
            if manager in aliases:
                manager = real
                break
        if manager in seen:
            continue
        seen.add(manager)
        try:
            if manager != 'apt':
                raise ImportError(manager)
            got = apt_packages()
        except ImportError:
            if manager in params['manager']:
                ctx.warn('Requested package manager %s was not usable by this module: %s'
                         % (manager, unusable_reason(ctx, manager)))
            continue
        except Exception as e:
            ctx.warn('Failed to retrieve packages with apt: %s' % e)
            got = {}
        if got:
            found += 1
            for name, details in got.items():
                packages.setdefault(name, []).extend(details)
        else:
            ctx.warn('Found "apt" but no associated packages')
    if found == 0:
        ctx.fail('Could not detect a supported package manager from the following list: %s, or the required Python '
                 'library is not installed. Check warnings for details.' % managers)
    return {'ansible_facts': {'packages': packages}}
