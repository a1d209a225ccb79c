# pip: Python packages installed, upgraded or removed with pip (the host Python's pip module,
# pip3, a given executable or a virtualenv's, created first when missing). Requirements are read
# with the host's `packaging` library (or setuptools' pkg_resources), as ansible's module does,
# so it fails as ansible's does where neither is there.
import argparse
import os
import re
import shlex
import sys
import tempfile
import volant_runtime

ARGUMENT_SPEC = {
    'state': {'type': 'str', 'default': 'present', 'choices': ['present', 'absent', 'latest', 'forcereinstall']},
    'name': {'type': 'list', 'elements': 'str'},
    'version': {'type': 'str'},
    'requirements': {'type': 'str'},
    'virtualenv': {'type': 'path'},
    'virtualenv_site_packages': {'type': 'bool', 'default': False},
    'virtualenv_command': {'type': 'path', 'default': 'virtualenv'},
    'virtualenv_python': {'type': 'str'},
    'extra_args': {'type': 'str'},
    'editable': {'type': 'bool', 'default': False},
    'chdir': {'type': 'path'},
    'executable': {'type': 'path'},
    'umask': {'type': 'str'},
    'break_system_packages': {'type': 'bool', 'default': False},
}
SUPPORTS_CHECK_MODE = True
REQUIRED_ONE_OF = [['name', 'requirements']]
MUTUALLY_EXCLUSIVE = [['name', 'requirements'], ['executable', 'virtualenv']]
ADD_PATH_INFO = False

STATE_ARGS = {
    'present': ['install'],
    'absent': ['uninstall', '-y'],
    'latest': ['install', '-U'],
    'forcereinstall': ['install', '-U', '--force-reinstall'],
}
_VERSION_OPERATORS = ('>=', '<=', '>', '<', '==', '!=', '~=')
_VCS_URL = re.compile(r'(svn|git|hg|bzr)\+')
# pip and setuptools are missing from `pip freeze`: their versions are asked of the Python itself
_VERSION_OF = {
    'importlib': {'setuptools': 'from importlib.metadata import version; print(version("setuptools"))',
                  'pip': 'from importlib.metadata import version; print(version("pip"))'},
    'pkg_resources': {'setuptools': 'import setuptools; print(setuptools.__version__)',
                      'pip': 'import pkg_resources; print(pkg_resources.get_distribution("pip").version)'},
}


class _Exit(Exception):
    """Ends the module early with this result (ansible's exit_json mid-way)."""


def requirement_parser():
    """packaging's Requirement, else pkg_resources' Requirement.parse; (None, import error) without either."""
    try:
        from packaging.requirements import Requirement
        return Requirement, None
    except Exception as e:
        error = e
    try:
        from pkg_resources import Requirement
        return Requirement.parse, None
    except ImportError:
        return None, error


def canonical_name(name):
    return re.sub(r'[-_.]+', '-', name).lower()


class Package(object):
    """A name as written (`django>1.11,<2`), with its requirement when it parses as one."""

    def __init__(self, parse, text, version=None):
        self.name = text
        self.requirement = None
        if version:
            version = version.lstrip()
            text = ('==' if version[0].isdigit() else ' ').join((text, version))
        try:
            self.requirement = parse(text)
        except ValueError:
            return
        project = canonical_name(getattr(self.requirement, 'name', None) or getattr(self.requirement, 'project_name', None))
        # old pkg_resources answers 'distribute' for an installed setuptools
        self.name = 'setuptools' if project == 'distribute' and 'setuptools' in text else project

    def has_version_specifier(self):
        return self.requirement is not None and bool(
            getattr(self.requirement, 'specifier', None) or getattr(self.requirement, 'specs', None))

    def satisfied_by(self, version):
        if self.requirement is None:
            return False
        return self.requirement.specifier.contains(version, prereleases=True)

    def __str__(self):
        return str(self.requirement) if self.requirement is not None else self.name


def split_names(names):
    """The names as pip reads them: commas separate packages, except a version part ('<2') or
    what is inside [extras] belongs to the package before it."""
    parts = []
    for item in names:
        parts.extend(item.split(','))
    packages, current, in_brackets = [], [], False
    for part in parts:
        if not part.lstrip().startswith(_VERSION_OPERATORS) and not in_brackets:
            if current:
                packages.append(','.join(current))
            current = []
        if '[' in part:
            in_brackets = True
        if in_brackets and ']' in part:
            in_brackets = False
        current.append(part)
    packages.append(','.join(current))
    return packages


def is_venv_command(command):
    argv = shlex.split(command)
    if argv[0] == 'pyvenv':
        return True
    parser = argparse.ArgumentParser()
    parser.add_argument('-m', type=str)
    known, _ = parser.parse_known_args(argv[1:])
    return known.m == 'venv'


class Pip(object):
    def __init__(self, ctx, params):
        self.ctx = ctx
        self.params = params
        self.env = {}

    def run(self, cmd, **kw):
        env = dict(self.env, **kw.pop('environ_update', {}))
        return self.ctx.run_command(cmd, environ_update=env, **kw)

    def fail_output(self, cmd, out, err):
        msg = ''
        if out:
            msg += 'stdout: %s' % out
        if err:
            msg += '\n:stderr: %s' % err
        self.ctx.fail(msg, cmd=cmd)

    def make_virtualenv(self, venv, chdir, out, err):
        if self.ctx.check_mode:
            raise _Exit({'changed': True})
        p = self.params
        cmd = shlex.split(p['virtualenv_command'])
        if os.path.basename(cmd[0]) == cmd[0]:
            cmd[0] = self.ctx.get_bin_path(cmd[0], True)
        if p['virtualenv_site_packages']:
            cmd.append('--system-site-packages')
        else:
            help_cmd = cmd[0] + ' --help'
            rc, h_out, h_err = self.run(help_cmd)
            if rc != 0:
                self.ctx.fail('Could not get output from %s: %s' % (help_cmd, h_out + h_err))
            if '--no-site-packages' in [w for w in h_out.strip().split() if w.startswith('--')]:
                cmd.append('--no-site-packages')
        if not is_venv_command(p['virtualenv_command']):
            cmd.append('-p%s' % (p['virtualenv_python'] or sys.executable))
        elif p['virtualenv_python']:
            self.ctx.fail('virtualenv_python should not be used when using the venv module or pyvenv as virtualenv_command')
        cmd.append(venv)
        rc, v_out, v_err = self.run(cmd, cwd=chdir)
        out += v_out
        err += v_err
        if rc != 0:
            self.fail_output(cmd, out, err)
        return out, err

    def pip_command(self, venv, executable):
        names = ('pip3',)
        if executable is not None:
            if os.path.isabs(executable):
                return [executable]
            names = (executable,)
        elif venv is None and _has_pip_module():
            return [sys.executable, '-m', 'pip']
        if venv is None:
            for name in names:
                found = self.ctx.get_bin_path(name, False)
                if found is not None:
                    return [found]
            self.ctx.fail('Unable to find any of %s to use.  pip needs to be installed.' % ', '.join(names))
        names = (names[0], 'pip')
        for name in names:
            candidate = os.path.join(venv, 'bin', name)
            if os.path.exists(candidate) and os.access(candidate, os.X_OK):
                return [candidate]
        self.ctx.fail('Unable to find pip in the virtualenv, %s, under any of these names: %s. '
                      'Make sure pip is present in the virtualenv.' % (venv, ', '.join(names)))

    def installed(self, pip, chdir):
        """(the command, its output, its errors): `pip list --format=freeze`, or `pip freeze` for an old pip."""
        locale = self.ctx.best_parsable_locale()
        cmd = pip + ['list', '--format=freeze']
        rc, out, err = self.run(cmd, cwd=chdir, environ_update={'LANG': locale, 'LC_ALL': locale, 'LC_MESSAGES': locale})
        if rc != 0:
            cmd = pip + ['freeze']
            rc, out, err = self.run(cmd, cwd=chdir)
            if rc != 0:
                self.fail_output(cmd, out, err)
        return ' '.join(cmd), out, err

    def version_line(self, package, python):
        """'pip==23.0.1' for pip or setuptools, which `pip freeze` leaves out; None when not there."""
        mechanism = 'importlib' if self.run([python, '-c', 'import importlib.metadata'])[0] == 0 else 'pkg_resources'
        rc, out, _ = self.run([python, '-c', _VERSION_OF[mechanism][package]])
        return None if rc else '%s==%s' % (package, out.strip())


def _has_pip_module():
    try:
        from importlib.util import find_spec
        return bool(find_spec('pip'))
    except Exception:
        return False


def _is_present(package, lines):
    for line in lines:
        if '==' not in line:
            continue
        name, version = line.split('==')
        if canonical_name(name) == package.name and package.satisfied_by(version):
            return True
    return False


def run(params, ctx):
    parse, import_error = requirement_parser()
    if parse is None:
        ctx.fail(volant_runtime.missing_required_lib('packaging'), _volant_cause=str(import_error))
    umask = params['umask']
    if umask:
        try:
            umask = int(umask, 8)
        except Exception as e:
            ctx.fail('umask must be an octal integer', details=str(e))
    old_umask = os.umask(umask) if umask is not None else None
    try:
        return _install(params, ctx, Pip(ctx, params), parse)
    except _Exit as done:
        return done.args[0]
    finally:
        # the agent outlives the task: its own umask comes back
        if old_umask is not None:
            os.umask(old_umask)


def _install(params, ctx, pip_, parse):
    state, name, version = params['state'], params['name'], params['version']
    requirements, extra_args, chdir = params['requirements'], params['extra_args'], params['chdir']
    venv = params['virtualenv']
    if venv and chdir:
        venv = os.path.join(chdir, venv)
    if state == 'latest' and version is not None:
        ctx.fail('version is incompatible with state=latest')
    if chdir is None:
        chdir = tempfile.gettempdir()
    out = err = ''
    venv_created = False
    if venv:
        if not os.path.exists(os.path.join(venv, 'bin', 'activate')):
            venv_created = True
            out, err = pip_.make_virtualenv(venv, chdir, out, err)
        python = os.path.join(venv, 'bin', 'python')
    else:
        python = params['executable'] or sys.executable
    pip = pip_.pip_command(venv, params['executable'])
    cmd = pip + STATE_ARGS[state]
    path_prefix = os.path.join(venv, 'bin') if venv else None
    has_vcs = False
    packages = []
    if name:
        has_vcs = any(n and _VCS_URL.match(n) for n in name)
        packages = [Package(parse, n) for n in split_names(name)]
        if version is not None:
            if len(packages) > 1:
                ctx.fail("'version' argument is ambiguous when installing multiple package distributions. "
                         "Please specify version restrictions next to each package in 'name' argument.")
            if packages[0].has_version_specifier():
                ctx.fail("The 'version' argument conflicts with any version specifier provided along with a package "
                         "name. Please keep the version specifier, but remove the 'version' argument.")
            packages[0] = Package(parse, str(packages[0]), version)
    if params['editable']:
        words = extra_args.split(' ') if extra_args else []
        if '-e' not in words:
            extra_args = ' '.join(words + ['-e'])
    if extra_args:
        cmd.extend(shlex.split(extra_args))
    if params['break_system_packages']:
        # NOTE: ansible sets the variable (not --break-system-packages, unknown to pip <= 23.0) for
        # every later command of the module
        pip_.env['PIP_BREAK_SYSTEM_PACKAGES'] = '1'
    if name:
        cmd.extend(str(p) for p in packages)
    elif requirements:
        cmd.extend(['-r', requirements])
    else:
        ctx.warn('No valid name or requirements file found.')
        return {'changed': False}
    if ctx.check_mode:
        if extra_args or requirements or state == 'latest' or not name:
            return {'changed': True}
        list_cmd, list_out, list_err = pip_.installed(pip, chdir)
        out += list_out
        err += list_err
        lines = [line for line in out.split('\n')
                 if line and not line.startswith('You are using') and not line.startswith('You should consider')]
        if list_cmd.endswith(' freeze'):
            for special in ('setuptools', 'pip'):
                if special in name:
                    line = pip_.version_line(special, python)
                    if line is not None:
                        lines.append(line)
                        out += '%s\n' % line
        changed = False
        for package in packages:
            present = _is_present(package, lines)
            if (state == 'present' and not present) or (state == 'absent' and present):
                changed = True
                break
        return {'changed': changed, 'cmd': list_cmd, 'stdout': out, 'stderr': err}
    before = None
    if requirements or has_vcs:
        before = pip_.installed(pip, chdir)[1]
    rc, pip_out, pip_err = pip_.run(cmd, path_prefix=path_prefix, cwd=chdir)
    out += pip_out
    err += pip_err
    not_installed = rc == 1 and state == 'absent' and ('not installed' in pip_out or 'not installed' in pip_err)
    if rc != 0 and not not_installed:
        pip_.fail_output(cmd, out, err)
    if state == 'absent':
        changed = 'Successfully uninstalled' in pip_out
    elif before is None:
        changed = 'Successfully installed' in pip_out
    else:
        changed = before != pip_.installed(pip, chdir)[1]
    return {'changed': changed or venv_created, 'cmd': cmd, 'name': name, 'version': version, 'state': state,
            'requirements': requirements, 'virtualenv': venv, 'stdout': out, 'stderr': err}
