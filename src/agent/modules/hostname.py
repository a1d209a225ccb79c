# hostname: set the host's name the way the distribution keeps it (/etc/hostname, hostnamectl,
# /etc/sysconfig/network ...), and return the updated hostname facts.
import os
import platform
import socket

ARGUMENT_SPEC = {
    'name': {'type': 'str', 'required': True},
    'use': {'type': 'str', 'choices': ['alpine', 'debian', 'freebsd', 'generic', 'macos', 'macosx', 'darwin',
                                       'openbsd', 'openrc', 'redhat', 'sles', 'solaris', 'systemd']},
}
SUPPORTS_CHECK_MODE = True
ADD_PATH_INFO = False


def _read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


class Strategy(object):
    """Current and permanent name; the base keeps both in one place (the permanent one)."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.changed = False

    def update(self, name):
        self.update_current(name)
        self.update_permanent(name)
        return self.changed

    def update_current(self, name):
        if self.get_current() != name:
            if not self.ctx.check_mode:
                self.set_current(name)
            self.changed = True

    def update_permanent(self, name):
        if self.get_permanent() != name:
            if not self.ctx.check_mode:
                self.set_permanent(name)
            self.changed = True

    def get_current(self):
        return self.get_permanent()

    def set_current(self, name):
        pass

    def get_permanent(self):
        raise NotImplementedError

    def set_permanent(self, name):
        raise NotImplementedError

    def _run(self, cmd):
        rc, out, err = self.ctx.run_command(cmd)
        if rc != 0:
            self.ctx.fail('Command failed rc=%d, out=%s, err=%s' % (rc, out, err))
        return out


class Unimplemented(Strategy):
    def _error(self, *args):
        distribution = _distribution()
        where = '%s (%s)' % (platform.system(), distribution) if distribution is not None else platform.system()
        self.ctx.fail('hostname module cannot be used on platform %s' % where)

    update = update_current = update_permanent = get_current = set_current = _error
    get_permanent = set_permanent = _error


class FileStrategy(Strategy):
    # NOTE: on Debian/Ubuntu (without systemd) Ansible only rewrites /etc/hostname; the running
    # name (`hostname`) is left alone and counts as equal to the file.
    FILE = '/etc/hostname'

    def get_permanent(self):
        if not os.path.isfile(self.FILE):
            return ''
        try:
            return (_read(self.FILE) or '').strip()
        except Exception as e:
            self.ctx.fail('failed to read hostname: %s' % e)

    def set_permanent(self, name):
        try:
            with open(self.FILE, 'w+') as f:
                f.write('%s\n' % name)
        except Exception as e:
            self.ctx.fail('failed to update hostname: %s' % e)


class AlpineStrategy(FileStrategy):
    def set_current(self, name):
        self._run([self.ctx.get_bin_path('hostname', required=True), '-F', self.FILE])


class SystemdStrategy(Strategy):
    def __init__(self, ctx):
        Strategy.__init__(self, ctx)
        self.cmd = ctx.get_bin_path('hostnamectl', required=True)

    def update(self, name):
        self.update_permanent(name)
        self.update_current(name)
        return self.changed

    def _check_length(self, name):
        if len(name) > 64:
            self.ctx.fail('name cannot be longer than 64 characters on systemd servers, try a shorter name')

    def get_current(self):
        return self._run([self.cmd, '--transient', 'status']).strip()

    def set_current(self, name):
        self._check_length(name)
        self._run([self.cmd, '--transient', 'set-hostname', name])

    def get_permanent(self):
        return self._run([self.cmd, '--static', 'status']).strip()

    def set_permanent(self, name):
        self._check_length(name)
        self._run([self.cmd, '--pretty', '--static', 'set-hostname', name])


class RedHatStrategy(Strategy):
    FILE = '/etc/sysconfig/network'

    def get_permanent(self):
        try:
            for line in (_read(self.FILE) or '').strip().splitlines():
                line = line.strip()
                if line.startswith('HOSTNAME'):
                    return line.split('=')[1].strip()
        except Exception as e:
            self.ctx.fail('failed to read hostname: %s' % e)
        self.ctx.fail('Unable to locate HOSTNAME entry in %s' % self.FILE)

    def set_permanent(self, name):
        lines, found = [], False
        for line in (_read(self.FILE) or '').splitlines(True):
            if line.strip().startswith('HOSTNAME'):
                lines.append('HOSTNAME=%s\n' % name)
                found = True
            else:
                lines.append(line)
        if not found:
            lines.append('HOSTNAME=%s\n' % name)
        try:
            with open(self.FILE, 'w+') as f:
                f.writelines(lines)
        except Exception as e:
            self.ctx.fail('failed to update hostname: %s' % e)


class OpenRCStrategy(Strategy):
    FILE = '/etc/conf.d/hostname'

    def get_permanent(self):
        for line in (_read(self.FILE) or '').strip().splitlines():
            line = line.strip()
            if line.startswith('hostname='):
                return line[10:].strip('"')
        return None

    def set_permanent(self, name):
        lines = (_read(self.FILE) or '').strip().splitlines()
        for i, line in enumerate(lines):
            if line.strip().startswith('hostname='):
                lines[i] = 'hostname="%s"' % name
                break
        with open(self.FILE, 'w') as f:
            f.write('\n'.join(lines) + '\n')


_USE = {'alpine': AlpineStrategy, 'debian': SystemdStrategy, 'generic': Strategy, 'openrc': OpenRCStrategy,
        'redhat': RedHatStrategy, 'systemd': SystemdStrategy}
_FILE_DISTROS = ('Debian', 'Kylin', 'Cumulus-linux', 'Kali', 'Parrot', 'Ubuntu', 'Linuxmint', 'Linaro', 'Devuan',
                 'Raspbian', 'Uos', 'Deepin', 'Neon', 'Void', 'Pop')
_REDHAT_DISTROS = ('Redhat', 'Centos', 'Anolis', 'Cloudlinuxserver', 'Cloudlinux', 'Alinux', 'Scientific', 'Oracle',
                   'Virtuozzo', 'Amazon', 'Altlinux', 'Eurolinux')


def _distribution():
    """distro.id() capitalized, as ansible's get_distribution() answers."""
    if platform.system() != 'Linux':
        return None
    for path in ('/etc/os-release', '/usr/lib/os-release'):
        text = _read(path)
        if text is None:
            continue
        for line in text.splitlines():
            if line.startswith('ID='):
                name = line[3:].strip().strip('"\'').lower().capitalize()
                return {'Amzn': 'Amazon', 'Rhel': 'Redhat'}.get(name, name) or 'OtherLinux'
    return 'OtherLinux'


def _systemd_managed(ctx):
    if ctx.get_bin_path('systemctl'):
        for canary in ('/run/systemd/system/', '/dev/.run/systemd/', '/dev/.systemd/'):
            if os.path.exists(canary):
                return True
    return False


def _strategy(ctx, use):
    if use is not None:
        cls = _USE.get(use)
        if cls is None:
            ctx.fail('hostname module cannot use strategy %s in Volant yet' % use)
        return cls(ctx)
    if platform.system() == 'Linux' and _systemd_managed(ctx):
        return SystemdStrategy(ctx)
    dist = _distribution()
    if dist in _FILE_DISTROS:
        return FileStrategy(ctx)
    if dist in _REDHAT_DISTROS:
        return RedHatStrategy(ctx)
    if dist == 'Alpine':
        return AlpineStrategy(ctx)
    if dist == 'Gentoo':
        return OpenRCStrategy(ctx)
    return Unimplemented(ctx)


def run(params, ctx):
    name = params['name']
    strategy = _strategy(ctx, params['use'])
    current = strategy.get_current()
    permanent = strategy.get_permanent()
    changed = strategy.update(name)
    before = current if name != current else permanent
    fqdn = socket.getfqdn()
    result = {'changed': changed, 'name': name,
              'ansible_facts': {'ansible_hostname': name.split('.')[0], 'ansible_nodename': name,
                                'ansible_fqdn': fqdn, 'ansible_domain': '.'.join(fqdn.split('.')[1:])}}
    if changed:
        result['diff'] = {'after': 'hostname = ' + name + '\n', 'before': 'hostname = ' + before + '\n'}
    return result
