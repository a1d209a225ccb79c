# apt: Debian packages through python3-apt (for state) and apt-get/dpkg (for changes), as
# ansible-core's apt module: install/remove/latest/fixed/build-dep, update_cache with
# cache_valid_time, upgrade modes, deb files, autoremove/autoclean/clean, policy_rc_d.
import datetime
import fnmatch
import os
import re
import shutil
import sys
import tempfile
import time

from _apt_common import import_apt, update_cache

ARGUMENT_SPEC = {
    'state': {'type': 'str', 'default': 'present', 'choices': ['absent', 'build-dep', 'fixed', 'latest', 'present']},
    'update_cache': {'type': 'bool', 'aliases': ['update-cache']},
    'update_cache_retries': {'type': 'int', 'default': 5},
    'update_cache_retry_max_delay': {'type': 'int', 'default': 12},
    'cache_valid_time': {'type': 'int', 'default': 0},
    'purge': {'type': 'bool', 'default': False},
    'package': {'type': 'list', 'elements': 'str', 'aliases': ['pkg', 'name']},
    'deb': {'type': 'path'},
    'default_release': {'type': 'str', 'aliases': ['default-release']},
    'install_recommends': {'type': 'bool', 'aliases': ['install-recommends']},
    'force': {'type': 'bool', 'default': False},
    'upgrade': {'type': 'str', 'choices': ['dist', 'full', 'no', 'safe', 'yes'], 'default': 'no'},
    'dpkg_options': {'type': 'str', 'default': 'force-confdef,force-confold'},
    'autoremove': {'type': 'bool', 'default': False},
    'autoclean': {'type': 'bool', 'default': False},
    'fail_on_autoremove': {'type': 'bool', 'default': False},
    'policy_rc_d': {'type': 'int', 'default': None},
    'only_upgrade': {'type': 'bool', 'default': False},
    'force_apt_get': {'type': 'bool', 'default': False},
    'clean': {'type': 'bool', 'default': False},
    'allow_unauthenticated': {'type': 'bool', 'default': False, 'aliases': ['allow-unauthenticated']},
    'allow_downgrade': {'type': 'bool', 'default': False,
                        'aliases': ['allow-downgrade', 'allow_downgrades', 'allow-downgrades']},
    'allow_change_held_packages': {'type': 'bool', 'default': False},
    'lock_timeout': {'type': 'int', 'default': 60},
    'auto_install_module_deps': {'type': 'bool', 'default': True},
}
SUPPORTS_CHECK_MODE = True
MUTUALLY_EXCLUSIVE = [['deb', 'package', 'upgrade']]
REQUIRED_ONE_OF = [['autoremove', 'deb', 'package', 'update_cache', 'upgrade']]
ADD_PATH_INFO = False

APT_GET_ZERO = '\n0 upgraded, 0 newly installed, 0 to remove'
APTITUDE_ZERO = '\n0 packages upgraded, 0 newly installed, 0 to remove'
APT_LISTS_PATH = '/var/lib/apt/lists'
APT_UPDATE_SUCCESS_STAMP_PATH = '/var/lib/apt/periodic/update-success-stamp'
APT_MARK_INVALID_OP = 'Invalid operation'
APT_MARK_INVALID_OP_DEB6 = 'Usage: apt-mark [options] {markauto|unmarkauto} packages'
CLEAN_OP_CHANGED_STR = {'autoremove': 'The following packages will be REMOVED', 'autoclean': 'Del '}
POLICY_RC_D = '/usr/sbin/policy-rc.d'


class Done(Exception):
    """The module's answer, raised from deep inside (Ansible's exit_json/fail_json)."""

    def __init__(self, result):
        Exception.__init__(self)
        self.result = result


class Apt(object):
    def __init__(self, params, ctx, apt, apt_pkg, env):
        self.p = params
        self.ctx = ctx
        self.apt = apt
        self.apt_pkg = apt_pkg
        self.env = env
        self.apt_get = ctx.get_bin_path('apt-get')
        self.aptitude = ctx.get_bin_path('aptitude')
        self.check = ctx.check_mode

    def run(self, cmd, **kw):
        return self.ctx.run_command(cmd, environ_update=self.env, **kw)

    def fail(self, msg, **kw):
        result = dict(kw)
        result['failed'] = True
        result['msg'] = msg
        raise Done(result)

    def exit(self, **kw):
        raise Done(kw)

    def diff_of(self, out):
        return parse_diff(out) if self.ctx.diff_mode else {}

    # -- policy-rc.d -----------------------------------------------------------------------
    def with_policy(self, cmd, **kw):
        code = self.p['policy_rc_d']
        if code is None:
            return self.run(cmd, **kw)
        backup_dir = tempfile.mkdtemp(prefix='ansible') if os.path.exists(POLICY_RC_D) else None
        if backup_dir:
            try:
                shutil.move(POLICY_RC_D, backup_dir)
            except Exception:
                self.fail('Fail to move /usr/sbin/policy-rc.d to %s' % backup_dir)
        try:
            with open(POLICY_RC_D, 'w') as f:
                f.write('#!/bin/sh\nexit %d\n' % code)
            os.chmod(POLICY_RC_D, 0o755)
        except Exception:
            self.fail('Failed to create or chmod /usr/sbin/policy-rc.d')
        try:
            return self.run(cmd, **kw)
        finally:
            if backup_dir:
                try:
                    shutil.move(os.path.join(backup_dir, 'policy-rc.d'), POLICY_RC_D)
                    os.rmdir(backup_dir)
                except Exception:
                    self.fail('Fail to move back %s to /usr/sbin/policy-rc.d' % os.path.join(backup_dir, 'policy-rc.d'))
            else:
                try:
                    os.remove(POLICY_RC_D)
                except Exception:
                    self.fail('Fail to remove /usr/sbin/policy-rc.d (after package manipulation)')

    # -- cache -----------------------------------------------------------------------------
    def get_cache(self):
        try:
            return self.apt.Cache()
        except SystemError as e:
            if '/var/lib/apt/lists/' in str(e).lower():
                rc, so, se = 1, '', ''
                for _ in range(2):
                    rc, so, se = self.run(['apt-get', 'update', '-q'])
                    if rc == 0:
                        break
                if rc != 0:
                    self.fail('Updating the cache to correct corrupt package lists failed:\n%s\n%s' % (e, so + se),
                              rc=rc)
                return self.apt.Cache()
            self.fail(str(e))

    # -- package status --------------------------------------------------------------------
    def best_match(self, pkgname, version_cmp, version, release, cache):
        apt_pkg = self.apt_pkg
        policy = apt_pkg.Policy(cache)
        policy.read_pinfile(apt_pkg.config.find_file('Dir::Etc::preferences'))
        policy.read_pindir(apt_pkg.config.find_file('Dir::Etc::preferencesparts'))
        if release:
            policy.create_pin('Release', pkgname, release, 990)
        if version_cmp == '=':
            policy.create_pin('Version', pkgname, version, 1001)
        pkgver = policy.get_candidate_ver(cache[pkgname])
        if not pkgver:
            return None
        if version_cmp == '=' and not fnmatch.fnmatch(pkgver.ver_str, version):
            return None
        return pkgver.ver_str

    def status(self, pkgname, version_cmp, version, default_release, cache, state):
        """(installed, installed version matches, installable version or True, has files)."""
        try:
            pkg = cache[pkgname]
            ll_pkg = cache._cache[pkgname]
        except KeyError:
            if state == 'install':
                try:
                    provided = cache.get_providing_packages(pkgname)
                    if provided:
                        if cache.is_virtual_package(pkgname) and len(provided) == 1:
                            st = self.status(provided[0].name, version_cmp, version, default_release, cache,
                                             'install')
                            if st[0]:
                                return st
                        return False, False, True, False
                    self.fail("No package matching '%s' is available" % pkgname)
                except AttributeError:
                    return False, False, True, False
            return False, False, None, False
        try:
            has_files = len(pkg.installed_files) > 0
        except UnicodeDecodeError:
            has_files = True
        except AttributeError:
            has_files = False
        installed = ll_pkg.current_state == self.apt_pkg.CURSTATE_INSTALLED
        best = self.best_match(pkgname, version_cmp, version, default_release, cache._cache)
        version_installed = False
        installable = None
        if installed:
            current = pkg.installed.version
            if version_cmp == '=':
                version_installed = fnmatch.fnmatch(current, version)
                if best and current != best and fnmatch.fnmatch(best, version):
                    installable = best
            elif version_cmp == '>=':
                version_installed = self.apt_pkg.version_compare(current, version) >= 0
                if best and current != best and self.apt_pkg.version_compare(best, version) >= 0:
                    installable = best
            else:
                version_installed = True
                if best and current != best:
                    installable = best
        else:
            installable = best
        return installed, version_installed, installable, has_files

    def expand_fnmatches(self, pkgspec, cache):
        out = []
        names_plain = names_all = None
        for pattern in pkgspec or ():
            name, _, _ = package_split(pattern)
            if frozenset('*?[]!').intersection(name):
                if ':' not in name:
                    if names_plain is None:
                        names_plain = [pkg.name for pkg in cache if ':' not in pkg.name]
                    names = names_plain
                else:
                    if names_all is None:
                        names_all = [pkg.name for pkg in cache]
                    names = names_all
                matches = fnmatch.filter(names, name)
                if not matches:
                    self.fail("No package(s) matching '%s' available" % name)
                out.extend(matches)
            else:
                out.append(pattern)
        return out

    def mark_manual(self, packages):
        if not packages:
            return
        apt_mark = self.ctx.get_bin_path('apt-mark')
        if apt_mark is None:
            self.ctx.warn('Could not find apt-mark binary, not marking package(s) as manually installed.')
            return
        cmd = '%s manual %s' % (apt_mark, ' '.join(packages))
        rc, out, err = self.run(cmd)
        if APT_MARK_INVALID_OP in err or APT_MARK_INVALID_OP_DEB6 in err:
            cmd = '%s unmarkauto %s' % (apt_mark, ' '.join(packages))
            rc, out, err = self.run(cmd)
        if rc != 0:
            self.fail("'%s' failed: %s" % (cmd, err), stdout=out, stderr=err, rc=rc)

    # -- operations ------------------------------------------------------------------------
    def install(self, pkgspec, cache, upgrade=False, default_release=None, install_recommends=None, force=False,
                dpkg_options=None, build_dep=False, fixed=False, autoremove=False, fail_on_autoremove=False,
                only_upgrade=False, allow_unauthenticated=False, allow_downgrade=False,
                allow_change_held_packages=False):
        pkg_list = []
        names = []
        for package in self.expand_fnmatches(pkgspec, cache):
            if build_dep:
                pkg_list.append("'%s'" % package)
                continue
            name, version_cmp, version = package_split(package)
            names.append(name)
            installed, version_installed, installable, _ = self.status(name, version_cmp, version, default_release,
                                                                       cache, 'install')
            if not installed and only_upgrade:
                continue
            if not version_installed and not installable:
                return False, {'msg': 'no available installation candidate for %s' % package}
            if installable and ((not installed and not only_upgrade) or upgrade or not version_installed):
                if installable is not True:
                    pkg_list.append("'%s=%s'" % (name, installable))
                elif version:
                    pkg_list.append("'%s=%s'" % (name, version))
                else:
                    pkg_list.append("'%s'" % name)
            elif version_installed and installable and version_cmp == '=':
                pkg_list.append("'%s=%s'" % (name, version))
        packages = ' '.join(pkg_list)
        if packages:
            flags = (dpkg_options, '--only-upgrade' if only_upgrade else '', '--fix-broken' if fixed else '',
                     '--force-yes' if force else '')
            if build_dep:
                cmd = '%s -y %s %s %s %s %s %s build-dep %s' % (
                    (self.apt_get,) + flags + ('--no-remove' if fail_on_autoremove else '',
                                               '--simulate' if self.check else '', packages))
            else:
                cmd = '%s -y %s %s %s %s %s %s %s install %s' % (
                    (self.apt_get,) + flags + ('--auto-remove' if autoremove else '',
                                               '--no-remove' if fail_on_autoremove else '',
                                               '--simulate' if self.check else '', packages))
            if default_release:
                cmd += " -t '%s'" % default_release
            if install_recommends is False:
                cmd += ' -o APT::Install-Recommends=no'
            elif install_recommends is True:
                cmd += ' -o APT::Install-Recommends=yes'
            if allow_unauthenticated:
                cmd += ' --allow-unauthenticated'
            if allow_downgrade:
                cmd += ' --allow-downgrades'
            if allow_change_held_packages:
                cmd += ' --allow-change-held-packages'
            rc, out, err = self.with_policy(cmd)
            changed = APT_GET_ZERO not in out if build_dep else True
            data = {'changed': changed, 'stdout': out, 'stderr': err, 'diff': self.diff_of(out)}
            status = True
            if rc:
                status = False
                data = {'msg': "'%s' failed: %s" % (cmd, err), 'stdout': out, 'stderr': err, 'rc': rc}
        else:
            status, data = True, {'changed': False}
        if not build_dep and not self.check:
            self.mark_manual(names)
        return status, data

    def deb_field(self, deb_file, field):
        cmd = self.ctx.get_bin_path('dpkg', required=True) + ' --field %s %s' % (deb_file, field)
        rc, out, err = self.run(cmd)
        if rc != 0:
            self.fail('%s failed' % cmd, stdout=out, stderr=err)
        return out.strip('\n')

    def install_deb(self, debs, cache, force, fail_on_autoremove, install_recommends, allow_unauthenticated,
                    allow_downgrade, allow_change_held_packages, dpkg_options, lock_timeout):
        changed = False
        deps, to_install = [], []
        for deb_file in debs.split(','):
            try:
                pkg = self.apt.debfile.DebPackage(deb_file, cache=self.apt.Cache())
                name = self.deb_field(deb_file, 'Package')
                version = self.deb_field(deb_file, 'Version')
                if hasattr(self.apt_pkg, 'get_architectures') and len(self.apt_pkg.get_architectures()) > 1:
                    key = '%s:%s' % (name, self.deb_field(deb_file, 'Architecture'))
                else:
                    key = name
                try:
                    current = self.apt.Cache()[key].installed.version
                    if self.apt_pkg.version_compare(version, current) == 0:
                        continue
                except Exception:
                    pass
                if not pkg.check():
                    if not (force or ('later version' in pkg._failure_string and allow_downgrade)):
                        self.fail(pkg._failure_string)
                deps.extend(pkg.missing_deps)
            except Done:
                raise
            except Exception as e:
                self.fail('Unable to install package: %s' % e)
            if install_recommends:
                deps.extend(n.strip() for n in self.deb_field(deb_file, 'Recommends').split())
            to_install.append(deb_file)
        retvals = {}
        if deps:
            opts = '%s -o DPkg::Lock::Timeout=%s' % (expand_dpkg_options(dpkg_options), lock_timeout)
            ok, retvals = self.install(deps, cache, install_recommends=install_recommends,
                                       fail_on_autoremove=fail_on_autoremove,
                                       allow_unauthenticated=allow_unauthenticated, allow_downgrade=allow_downgrade,
                                       allow_change_held_packages=allow_change_held_packages, dpkg_options=opts)
            if not ok:
                self.fail(retvals.pop('msg'), **retvals)
            changed = retvals.get('changed', False)
        if not to_install:
            self.exit(changed=changed, stdout=retvals.get('stdout', ''), stderr=retvals.get('stderr', ''),
                      diff=retvals.get('diff', ''))
        options = ' '.join('--%s' % x for x in dpkg_options.split(','))
        if self.check:
            options += ' --simulate'
        if force:
            options += ' --force-all'
        cmd = 'dpkg %s -i %s' % (options, ' '.join(to_install))
        rc, out, err = self.with_policy(cmd)
        stdout = retvals['stdout'] + out if 'stdout' in retvals else out
        if 'diff' in retvals:
            diff = retvals['diff']
            if 'prepared' in diff:
                diff['prepared'] += '\n\n' + out
        else:
            diff = parse_diff(out)
        stderr = retvals['stderr'] + err if 'stderr' in retvals else err
        if rc == 0:
            self.exit(changed=True, stdout=stdout, stderr=stderr, diff=diff)
        self.fail('%s failed' % cmd, stdout=stdout, stderr=stderr)

    def remove(self, pkgspec, cache, purge=False, force=False, dpkg_options=None, autoremove=False,
               allow_change_held_packages=False):
        pkg_list = []
        for package in self.expand_fnmatches(pkgspec, cache):
            name, version_cmp, version = package_split(package)
            installed, version_installed, _, has_files = self.status(name, version_cmp, version, None, cache, 'remove')
            if version_installed or (has_files and purge):
                pkg_list.append("'%s'" % package)
        packages = ' '.join(pkg_list)
        if not packages:
            self.exit(changed=False)
        cmd = '%s -q -y %s %s %s %s %s %s remove %s' % (
            self.apt_get, dpkg_options, '--purge' if purge else '', '--force-yes' if force else '',
            '--auto-remove' if autoremove else '', '--simulate' if self.check else '',
            '--allow-change-held-packages' if allow_change_held_packages else '', packages)
        rc, out, err = self.with_policy(cmd)
        diff = self.diff_of(out)
        if rc:
            self.fail("'apt-get remove %s' failed: %s" % (packages, err), stdout=out, stderr=err, rc=rc)
        self.exit(changed=True, stdout=out, stderr=err, diff=diff)

    def cleanup(self, purge, force, operation, dpkg_options):
        cmd = '%s -y %s %s %s %s %s' % (self.apt_get, dpkg_options, '--purge' if purge else '',
                                        '--force-yes' if force else '', operation,
                                        '--simulate' if self.check else '')
        rc, out, err = self.with_policy(cmd)
        diff = self.diff_of(out)
        if rc:
            self.fail("'apt-get %s' failed: %s" % (operation, err), stdout=out, stderr=err, rc=rc)
        self.exit(changed=CLEAN_OP_CHANGED_STR[operation] in out, stdout=out, stderr=err, diff=diff)

    def aptclean(self):
        rc, out, err = self.run(['apt-get', 'clean'])
        diff = self.diff_of(out)
        if rc:
            self.fail('apt-get clean failed', stdout=out, rc=rc)
        if err:
            self.fail('apt-get clean failed: %s' % err, stdout=out, rc=rc)
        return out, err, diff

    def upgrade(self, mode, force, default_release, use_apt_get, dpkg_options, autoremove, fail_on_autoremove,
                allow_unauthenticated, allow_downgrade):
        autoremove = '--auto-remove' if autoremove else ''
        prompt_regex = None
        if mode == 'dist' or (mode == 'full' and use_apt_get):
            apt_cmd, command = self.apt_get, 'dist-upgrade %s' % autoremove
        elif mode == 'full':
            apt_cmd, command = self.aptitude, 'full-upgrade'
        elif use_apt_get:
            apt_cmd, command = self.apt_get, 'upgrade --with-new-pkgs %s' % autoremove
        else:
            apt_cmd, command = self.aptitude, 'safe-upgrade'
            prompt_regex = r'(^Do you want to ignore this warning and proceed anyway\?|^\*\*\*.*\[default=.*\])'
        is_apt_get = apt_cmd == self.apt_get
        force_yes = ('--force-yes' if is_apt_get else '--assume-yes --allow-untrusted') if force else ''
        no_remove = ''
        if fail_on_autoremove:
            if is_apt_get:
                no_remove = '--no-remove'
            else:
                self.ctx.warn("APTITUDE does not support '--no-remove', ignoring the 'fail_on_autoremove' parameter.")
        downgrades = ''
        if allow_downgrade:
            if is_apt_get:
                downgrades = '--allow-downgrades'
            else:
                self.ctx.warn("APTITUDE does not support '--allow-downgrades', ignoring the 'allow_downgrade' "
                              "parameter.")
        if apt_cmd is None:
            if use_apt_get:
                apt_cmd = self.apt_get
            else:
                self.fail("Unable to find APTITUDE in path. Please make sure to have APTITUDE in path or use "
                          "'force_apt_get=True'")
        path = self.ctx.get_bin_path(apt_cmd, required=True)
        cmd = '%s -y %s %s %s %s %s %s %s' % (path, dpkg_options, force_yes, no_remove,
                                              '--allow-unauthenticated' if allow_unauthenticated else '', downgrades,
                                              '--simulate' if self.check else '', command)
        if default_release:
            cmd += " -t '%s'" % default_release
        rc, out, err = self.with_policy(cmd, prompt_regex=prompt_regex)
        diff = self.diff_of(out)
        if rc:
            self.fail("'%s %s' failed: %s" % (apt_cmd, command, err), stdout=out, rc=rc)
        if (is_apt_get and APT_GET_ZERO in out) or (not is_apt_get and APTITUDE_ZERO in out):
            self.exit(changed=False, msg=out, stdout=out, stderr=err)
        self.exit(changed=True, msg=out, stdout=out, stderr=err, diff=diff)


def package_split(pkgspec):
    parts = re.split(r'(>?=)', pkgspec, maxsplit=1)
    if len(parts) > 1:
        return parts
    return parts[0], None, None


def expand_dpkg_options(compressed):
    return ' '.join('-o "Dpkg::Options::=--%s"' % opt for opt in compressed.split(','))


def parse_diff(output):
    lines = output.splitlines()
    try:
        start = lines.index('Resolving dependencies...')
    except ValueError:
        try:
            start = lines.index('Reading state information...')
        except ValueError:
            start = -1
    end = next((i for i, item in enumerate(lines) if re.match('[0-9]+ (packages )?upgraded', item)), len(lines))
    return {'prepared': '\n'.join(lines[start + 1:end + 1])}


def cache_times():
    mtime = 0
    if os.path.exists(APT_UPDATE_SUCCESS_STAMP_PATH):
        mtime = os.stat(APT_UPDATE_SUCCESS_STAMP_PATH).st_mtime
    elif os.path.exists(APT_LISTS_PATH):
        mtime = os.stat(APT_LISTS_PATH).st_mtime
    stamp = datetime.datetime.fromtimestamp(mtime)
    return stamp, int(time.mktime(stamp.timetuple()))


def _ensure_python_apt(ctx, p, apt_get, dpkg_options, env):
    apt, apt_pkg = import_apt(debfile=True)
    if apt is not None:
        return apt, apt_pkg
    name = 'python3-apt'
    if ctx.check_mode:
        ctx.fail('%s must be installed to use check mode. If run normally this module can auto-install it, '
                 'see the auto_install_module_deps option.' % name)
    if p['auto_install_module_deps']:
        if p['update_cache'] is False:
            ctx.warn('Auto-installing missing dependency without updating cache: %s' % name)
        else:
            ctx.warn('Updating cache and auto-installing missing dependency: %s' % name)
            ctx.run_command([apt_get, 'update'], check_rc=True, environ_update=env)
        cmd = [apt_get, 'install', name, '-y', '-q', dpkg_options]
        if p['install_recommends'] is False:
            cmd += ['-o', 'APT::Install-Recommends=no']
        elif p['install_recommends'] is True:
            cmd += ['-o', 'APT::Install-Recommends=yes']
        ctx.run_command(cmd, check_rc=True, environ_update=env)
        # NOTE: Ansible respawns under /usr/bin/python3 here; the agent can import the fresh
        # package when it runs under the system interpreter (dist-packages on sys.path).
        for d in ('/usr/lib/python3/dist-packages',):
            if os.path.isdir(d) and d not in sys.path:
                sys.path.append(d)
        apt, apt_pkg = import_apt(debfile=True)
        if apt is not None:
            return apt, apt_pkg
    ctx.fail('Could not import the %s module using %s (%s). Ensure %s package is installed (either manually or via '
             'the auto_install_module_deps option) or that you have specified the correct ansible_python_interpreter.'
             " (attempted ['/usr/bin/python3', '/usr/bin/python'])."
             % (name, sys.executable, sys.version.replace('\n', ''), name))


def run(params, ctx):
    try:
        # NOTE: the params themselves, as ansible's module changes module.params (upgrade 'no' ->
        # None, a deb URL -> the downloaded file), which its invocation then shows
        return _main(params, ctx)
    except Done as d:
        if d.result.get('failed'):
            result = dict(d.result)
            msg = result.pop('msg')
            result.pop('failed')
            ctx.fail(msg, **result)
        return d.result


def _main(p, ctx):
    locale = ctx.best_parsable_locale()
    env = {'DEBIAN_FRONTEND': 'noninteractive', 'DEBIAN_PRIORITY': 'critical', 'LANG': locale, 'LC_ALL': locale,
           'LC_MESSAGES': locale, 'LC_CTYPE': locale, 'LANGUAGE': locale}
    apt_get = ctx.get_bin_path('apt-get')
    dpkg_options = '%s -o DPkg::Lock::Timeout=%s' % (expand_dpkg_options(p['dpkg_options']), p['lock_timeout'])
    apt, apt_pkg = _ensure_python_apt(ctx, p, apt_get, dpkg_options, env)
    m = Apt(p, ctx, apt, apt_pkg, env)
    # NOTE: apt_pkg's configuration lives as long as the agent process; a default_release set for
    # one task must not leak into the next (Ansible starts a fresh process per task).
    old_release = apt_pkg.config.find('APT::Default-Release')
    try:
        return _operate(p, ctx, m, apt, apt_pkg, dpkg_options)
    finally:
        apt_pkg.config.set('APT::Default-Release', old_release)


def _operate(p, ctx, m, apt, apt_pkg, dpkg_options):
    if p['clean'] is True:
        out, err, diff = m.aptclean()
        if not p['package'] and p['upgrade'] == 'no' and not p['deb']:
            m.exit(changed=True, msg=out, stdout=out, stderr=err, diff=diff)
    if p['upgrade'] == 'no':
        p['upgrade'] = None
    use_apt_get = p['force_apt_get'] or not m.aptitude
    force = p['force']
    deadline = time.time() + p['lock_timeout']
    while True:
        cache = m.get_cache()
        try:
            if p['default_release']:
                apt_pkg.config['APT::Default-Release'] = p['default_release']
                cache.open(progress=None)
            stamp, cache_time = cache_times()
            updated = False
            if p['update_cache'] or p['cache_valid_time']:
                if not stamp + datetime.timedelta(seconds=p['cache_valid_time']) >= datetime.datetime.now():
                    retries = p['update_cache_retries']
                    err = update_cache(ctx, apt, cache, retries, p['update_cache_retry_max_delay'],
                                       'Failed to update cache after %s retries due to %s, retrying',
                                       'Sleeping for %s seconds, before attempting to refresh the cache again',
                                       dry_run=ctx.check_mode)
                    if err is not None:
                        m.fail('Failed to update apt cache after %s retries: %s' % (retries, err or 'unknown reason'))
                    cache.open(progress=None)
                    stamp, new_time = cache_times()
                    if ctx.check_mode or cache_time != new_time:
                        updated = True
                    cache_time = new_time
                if not p['package'] and not p['upgrade'] and not p['deb']:
                    m.exit(changed=updated, cache_updated=updated, cache_update_time=cache_time)
            if p['upgrade']:
                m.upgrade(p['upgrade'], force, p['default_release'], use_apt_get, dpkg_options, p['autoremove'],
                          p['fail_on_autoremove'], p['allow_unauthenticated'], p['allow_downgrade'])
            if p['deb']:
                if p['state'] != 'present':
                    m.fail('deb only supports state=present')
                if '://' in p['deb']:
                    from _http_client import fetch_file
                    p['deb'] = fetch_file(ctx, {}, p['deb'])
                m.install_deb(p['deb'], cache, force=force, fail_on_autoremove=p['fail_on_autoremove'],
                              install_recommends=p['install_recommends'],
                              allow_unauthenticated=p['allow_unauthenticated'],
                              allow_downgrade=p['allow_downgrade'],
                              allow_change_held_packages=p['allow_change_held_packages'],
                              dpkg_options=p['dpkg_options'], lock_timeout=p['lock_timeout'])
            requested = p['package'] or ()
            packages = [name.strip() for name in requested if name != '*']
            if p['state'] == 'latest' and '*' in requested:
                if packages:
                    m.fail('unable to install additional packages when upgrading all installed packages')
                m.upgrade('yes', force, p['default_release'], use_apt_get, dpkg_options, p['autoremove'],
                          p['fail_on_autoremove'], p['allow_unauthenticated'], p['allow_downgrade'])
            for name in packages:
                if name.count('=') > 1:
                    m.fail('invalid package spec: %s' % name)
            if not packages:
                if p['autoclean']:
                    m.cleanup(p['purge'], force, 'autoclean', dpkg_options)
                if p['autoremove']:
                    m.cleanup(p['purge'], force, 'autoremove', dpkg_options)
            if p['state'] in ('latest', 'present', 'build-dep', 'fixed'):
                ok, retvals = m.install(
                    packages, cache, upgrade=p['state'] == 'latest', default_release=p['default_release'],
                    install_recommends=p['install_recommends'], force=force, dpkg_options=dpkg_options,
                    build_dep=p['state'] == 'build-dep', fixed=p['state'] == 'fixed', autoremove=p['autoremove'],
                    fail_on_autoremove=p['fail_on_autoremove'], only_upgrade=p['only_upgrade'],
                    allow_unauthenticated=p['allow_unauthenticated'], allow_downgrade=p['allow_downgrade'],
                    allow_change_held_packages=p['allow_change_held_packages'])
                retvals['cache_updated'] = updated
                retvals['cache_update_time'] = cache_time
                if ok:
                    m.exit(**retvals)
                m.fail(retvals.pop('msg'), **retvals)
            elif p['state'] == 'absent':
                m.remove(packages, cache, p['purge'], force=force, dpkg_options=dpkg_options,
                         autoremove=p['autoremove'], allow_change_held_packages=p['allow_change_held_packages'])
        except apt.cache.LockFailedException as e:
            if time.time() < deadline:
                continue
            m.fail('Failed to lock apt for exclusive operation: %s' % e)
        except apt.cache.FetchFailedException as e:
            m.fail('Could not fetch updated apt files: %s' % e)
        m.fail('Unexpected code path taken, we really should have exited before, this is a bug')
