# service: Ansible's generic Linux service module (LinuxService): systemctl when systemd runs the
# host, OpenRC's rc-service, otherwise the init script with update-rc.d / insserv / chkconfig.
# The `service` action usually picks the service manager's own module instead (sysvinit, systemd);
# this one runs for `use: service` or when no better module exists.
import glob
import os
import re
import shlex
import time

from _detached import run_detached

ARGUMENT_SPEC = {
    'name': {'type': 'str', 'required': True},
    'state': {'type': 'str', 'choices': ['started', 'stopped', 'reloaded', 'restarted']},
    'sleep': {'type': 'int'},
    'pattern': {'type': 'str'},
    'enabled': {'type': 'bool'},
    'runlevel': {'type': 'str', 'default': 'default'},
    'arguments': {'type': 'str', 'default': '', 'aliases': ['args']},
}
SUPPORTS_CHECK_MODE = True
REQUIRED_ONE_OF = [['state', 'enabled']]
ADD_PATH_INFO = False


def is_systemd_managed(ctx):
    for canary in ('/run/systemd/system/', '/dev/.run/systemd/', '/dev/.systemd/'):
        if os.path.exists(canary):
            return True
    return False


class LinuxService(object):
    def __init__(self, params, ctx):
        self.ctx = ctx
        self.name = params['name']
        self.state = params['state']
        self.sleep = params['sleep']
        self.pattern = params['pattern']
        self.enable = params['enabled']
        self.runlevel = params['runlevel']
        self.arguments = params.get('arguments', '')
        self.changed = False
        self.running = None
        self.crashed = None
        self.action = None
        self.svc_cmd = None
        self.svc_initscript = None
        self.enable_cmd = None
        self.svc_change = False
        self.unit = self.name
        locale = ctx.best_parsable_locale()
        self.lang_env = {'LANG': locale, 'LC_ALL': locale, 'LC_MESSAGES': locale}

    def execute(self, cmd, daemonize=False):
        if not daemonize:
            return self.ctx.run_command(cmd, environ_update=self.lang_env)
        # NOTE: a service action runs detached, its environment only the C-like locale (as Ansible's)
        return run_detached(shlex.split(cmd), env=dict(self.lang_env), decode_errors='surrogateescape')

    def get_service_tools(self):
        paths = ['/sbin', '/usr/sbin', '/bin', '/usr/bin']
        location = dict((b, self.ctx.get_bin_path(b, opt_dirs=paths))
                        for b in ('service', 'chkconfig', 'update-rc.d', 'rc-service', 'rc-update', 'initctl',
                                  'systemctl', 'start', 'stop', 'restart', 'insserv'))
        if os.path.isfile('/etc/init.d/%s' % self.name):
            self.svc_initscript = '/etc/init.d/%s' % self.name
        if location.get('systemctl') and is_systemd_managed(self.ctx):
            self.svc_cmd = self.enable_cmd = location['systemctl']
        elif location.get('rc-service'):
            self.svc_cmd = location['rc-service']
            self.enable_cmd = location['rc-update']
            return
        elif self.svc_initscript:
            self.enable_cmd = location.get('update-rc.d') or location.get('insserv') or location.get('chkconfig')
        if self.enable_cmd is None:
            self.ctx.fail('Could not find the requested service %s: %s' % (self.name, 'host'))
        if self.svc_cmd is None and location.get('service'):
            self.svc_cmd = location['service']
        if self.svc_cmd is None and not self.svc_initscript:
            self.ctx.fail("cannot find 'service' binary or init script for service,  possible typo in service name?, "
                          "aborting")

    # -- status ----------------------------------------------------------------------------
    def systemd_status(self):
        rc, out, err = self.execute("%s show '%s'" % (self.enable_cmd, self.unit))
        if rc != 0:
            self.ctx.fail('failure %d running systemctl show for %r: %s' % (rc, self.unit, err))
        if 'LoadState=not-found' in out:
            self.ctx.fail('systemd could not find the requested service "%r": %s' % (self.unit, err))
        status = {}
        for line in out.splitlines():
            if '=' in line:
                k, v = line.split('=', 1)
                status.setdefault(k, v)
        state = status.get('ActiveState')
        if state is None:
            self.ctx.fail('No ActiveState value in systemctl show output for %r' % (self.unit,))
        self.running = state == 'active'
        self.crashed = state == 'failed'
        return self.running

    def get_service_status(self):
        if self.svc_cmd and self.svc_cmd.endswith('systemctl'):
            return self.systemd_status()
        self.action = 'status'
        rc, out, err = self.service_control()
        if self.svc_cmd and self.svc_cmd.endswith('rc-service') and self.running is None:
            _, o, e = self.execute('%s %s status' % (self.svc_cmd, self.name))
            self.running = 'started' in o
            self.crashed = 'crashed' in e
        if self.running is None and rc in (1, 2, 3, 4, 69):
            self.running = False
        if self.running is None and out.count('\n') <= 1:
            clean = out.lower().replace(self.name.lower(), '')
            if 'stop' in clean:
                self.running = False
            elif 'run' in clean:
                self.running = 'not ' not in clean
            elif 'start' in clean and 'not ' not in clean:
                self.running = True
            elif any(s in clean for s in ('could not access pid file', 'is dead and pid file exists',
                                          'dead but subsys locked', 'dead but pid file exists')):
                self.running = False
        if self.running is None and rc == 0:
            self.running = True
        if self.running is None and self.name == 'iptables' and 'ACCEPT' in out:
            self.running = True
        return self.running

    def check_ps(self):
        rc, out, err = self.execute('%s auxww' % self.ctx.get_bin_path('ps', required=True))
        if rc == 0:
            self.running = any(self.pattern in line and 'pattern=' not in line for line in out.split('\n'))

    # -- enable ----------------------------------------------------------------------------
    def systemd_enabled(self):
        rc, out, err = self.execute('%s is-enabled %s' % (self.enable_cmd, self.unit))
        if rc == 0:
            return True
        if out.startswith('disabled'):
            return False
        if os.access('/etc/init.d/' + self.unit, os.X_OK):
            return bool(glob.glob('/etc/rc?.d/S??' + self.unit))
        return False

    def service_enable(self):
        cmd = self.enable_cmd
        self.changed = True
        action = None
        if cmd.endswith('chkconfig'):
            action = 'on' if self.enable else 'off'
            rc, out, err = self.execute('%s --list %s' % (cmd, self.name))
            if 'chkconfig --add %s' % self.name in err:
                self.execute('%s --add %s' % (cmd, self.name))
                rc, out, err = self.execute('%s --list %s' % (cmd, self.name))
            if self.name not in out:
                self.ctx.fail('service %s does not support chkconfig' % self.name)
            if '3:%s' % action in out and '5:%s' % action in out:
                self.changed = False
                return
        if cmd.endswith('systemctl'):
            action = 'enable' if self.enable else 'disable'
            if self.enable == self.systemd_enabled():
                self.changed = False
                return
        if cmd.endswith('rc-update'):
            action = 'add' if self.enable else 'delete'
            rc, out, err = self.execute('%s show' % cmd)
            for line in out.splitlines():
                svc, levels = line.split('|')
                if svc.strip() != self.name:
                    continue
                levels = re.split(r'\s+', levels)
                if (self.enable and self.runlevel in levels) or (not self.enable and self.runlevel not in levels):
                    self.changed = False
                break
            else:
                if not self.enable:
                    self.changed = False
            if not self.changed:
                return
        if cmd.endswith('update-rc.d'):
            enabled = bool(glob.glob('/etc/rc?.d/S??' + self.name))
            if self.enable == enabled:
                self.changed = False
                return
            self.changed = True
            if self.enable:
                action = 'enable'
                if not glob.glob('/etc/rc?.d/K??' + self.name) and not self.ctx.check_mode:
                    rc, out, err = self.execute('%s %s defaults' % (cmd, self.name))
                    if rc != 0:
                        self.ctx.fail(err or out)
            else:
                action = 'disable'
            if not self.ctx.check_mode:
                rc, out, err = self.execute('%s %s %s' % (cmd, self.name, action))
                if rc != 0:
                    self.ctx.fail(err or out)
            return
        if cmd.endswith('insserv'):
            flags = '-n -v' if self.enable else '-n -r -v'
            rc, out, err = self.execute('%s %s %s' % (cmd, flags, self.name))
            needle = 'enable service' if self.enable else 'remove service'
            self.changed = any(needle in line for line in err.splitlines())
            if self.ctx.check_mode:
                self.ctx.exit(changed=self.changed)
            if not self.changed:
                return
            rc, out, err = self.execute('%s %s%s' % (cmd, '' if self.enable else '-r ', self.name))
            if rc != 0 or err != '':
                what = 'install' if self.enable else 'remove'
                self.ctx.fail('Failed to %s service. rc: %s, out: %s, err: %s' % (what, rc, out, err))
            return
        self.changed = True
        if cmd.endswith('rc-update'):
            args = (cmd, action, self.name + ' ' + self.runlevel)
        elif cmd.endswith('systemctl'):
            args = (cmd, action, self.unit)
        else:
            args = (cmd, self.name, action)
        if self.ctx.check_mode:
            self.ctx.exit(changed=self.changed)
        rc, out, err = self.execute('%s %s %s' % args)
        if rc != 0:
            if err:
                self.ctx.fail('Error when trying to %s %s: rc=%s %s' % (action, self.name, rc, err))
            self.ctx.fail('Failure for %s %s: rc=%s %s' % (action, self.name, rc, out))

    # -- control ---------------------------------------------------------------------------
    def check_service_changed(self):
        if self.state and self.running is None:
            self.ctx.fail('failed determining service state, possible typo of service name?')
        if (not self.running and self.state in ('reloaded', 'started')) or \
                (self.running and self.state in ('reloaded', 'stopped')) or self.state == 'restarted':
            self.svc_change = True
        if self.ctx.check_mode and self.svc_change:
            self.ctx.exit(changed=True, msg='service state changed')

    def modify_service_state(self):
        if not self.svc_change:
            return 0, '', ''
        if self.state == 'started' or (not self.running and self.state == 'reloaded'):
            self.action = 'start'
        elif self.state == 'stopped':
            self.action = 'stop'
        elif self.state == 'reloaded':
            self.action = 'reload'
        elif self.state == 'restarted':
            self.action = 'restart'
        if self.ctx.check_mode:
            self.ctx.exit(changed=True, msg='changing service state')
        return self.service_control()

    def service_control(self):
        svc_cmd = ''
        arguments = self.arguments
        if self.svc_cmd:
            if self.svc_cmd.endswith('systemctl'):
                svc_cmd = self.svc_cmd
                arguments = '%s %s' % (self.unit, arguments)
            else:
                svc_cmd = '%s %s' % (self.svc_cmd, self.name)
        elif self.svc_initscript:
            svc_cmd = self.svc_initscript
        if self.svc_cmd and self.svc_cmd.endswith('rc-service') and self.action == 'start' and self.crashed:
            self.execute('%s zap' % svc_cmd, daemonize=True)

        def one(verb):
            if svc_cmd != '':
                return self.execute('%s %s %s' % (svc_cmd, verb, arguments), daemonize=True)
            return self.execute('%s %s %s' % (verb, self.name, arguments), daemonize=True)

        if self.action != 'restart' or (self.svc_cmd and self.svc_cmd.endswith('rc-service')):
            return one(self.action)
        rc1, out1, err1 = one('stop')
        if self.sleep:
            time.sleep(self.sleep)
        rc2, out2, err2 = one('start')
        if rc1 != 0 and rc2 == 0:
            return rc2, out2, err2
        return rc1 + rc2, out1 + out2, err1 + err2


def run(params, ctx):
    service = LinuxService(params, ctx)
    result = {'name': service.name}
    service.get_service_tools()
    if params['enabled'] is not None:
        service.service_enable()
        result['enabled'] = service.enable
    if params['state'] is None:
        result['changed'] = service.changed
        return result
    result['state'] = service.state
    if service.pattern:
        service.check_ps()
    else:
        service.get_service_status()
    service.check_service_changed()
    rc, out, err = service.modify_service_state()
    if rc != 0 and not (err and 'Job is already running' in err):
        ctx.fail(err or out)
    result['changed'] = service.changed | service.svc_change
    if params['enabled'] is not None:
        result['enabled'] = params['enabled']
    result['state'] = 'started' if params['state'] in ('reloaded', 'restarted', 'started') else 'stopped'
    return result
