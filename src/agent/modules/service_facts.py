# service_facts: the host's services as the `services` fact, from every service manager found
# (sysv `service --status-all`, upstart, chkconfig, OpenRC, systemd), later ones overriding
# earlier ones for the same name, as ansible's scanners do.
import os
import re

ARGUMENT_SPEC = {}
SUPPORTS_CHECK_MODE = True
ADD_PATH_INFO = False

_SYSV_STATUS_LINE = re.compile(r'^\s*\[ ([+-]) \]\s+(.+)$', re.M)
_UPSTART_LINE = re.compile(r'^\s?(.*)\s(\w+)/(\w+)(,\sprocess\s[0-9]+)?\s*$')
_CHKCONFIG_LINE = re.compile(r'(.*?)' + r''.join(r'\s+[0-9]:(on|off)' for _ in range(7)))
_CHKCONFIG_SIMPLE = re.compile(r'(.*?)\s+(on|off)')
_SYSTEMD_BAD_STATES = ('not-found', 'masked', 'failed')


class _Scan(object):
    def __init__(self, ctx, env):
        self.ctx = ctx
        self.env = env

    def run(self, cmd):
        # NOTE: ansible runs these as shell text (some through pipes), with LANG/LC_ALL set.
        return self.ctx.run_command(cmd, use_unsafe_shell=True, environ_update=self.env)


def _sysv(scan, service, services):
    rc, out, err = scan.ctx.run_command('%s --status-all' % service, environ_update=scan.env)
    if rc == 4 and not os.path.exists('/etc/init.d'):
        return
    if rc != 0:
        scan.ctx.warn("Unable to query 'service' tool (%s): %s" % (rc, err))
    for m in _SYSV_STATUS_LINE.finditer(out):
        name = m.group(2)
        services[name] = {'name': name, 'state': 'running' if m.group(1) == '+' else 'stopped', 'source': 'sysv'}


def _upstart(scan, initctl, services):
    rc, out, err = scan.ctx.run_command('%s list' % initctl, environ_update=scan.env)
    if rc != 0:
        scan.ctx.warn('Unable to query upstart for service data: %s' % err)
        return
    for line in out.replace('\r', '').split('\n'):
        m = _UPSTART_LINE.match(line)
        if m:
            services[m.group(1)] = {'name': m.group(1), 'state': m.group(3), 'goal': m.group(2), 'source': 'upstart'}


def _chkconfig(scan, service, chkconfig, services):
    rc, out, err = scan.run(chkconfig)
    lines = out.split('\n')
    if not any(_CHKCONFIG_LINE.match(line) for line in lines):
        if any(_CHKCONFIG_SIMPLE.match(line) for line in lines):
            rc, out, err = scan.run('%s -l --allservices' % chkconfig)
        elif '--list' in err:
            rc, out, err = scan.run('%s --list' % chkconfig)
    for line in out.split('\n'):
        m = _CHKCONFIG_LINE.match(line)
        if not m:
            continue
        name = m.group(1)
        # groups 2..8 are runlevels 0..6: runlevel 3 decides enabled
        status = 'enabled' if m.group(5) == 'on' else 'disabled'
        rc, out_s, err_s = scan.run('%s %s status' % (service, name))
        state = 'running' if rc == 0 else rc
        if rc != 0:
            lowered = err_s.lower()
            if any(word in lowered for word in ('root', 'permission', 'not in sudoers')):
                scan.ctx.warn('Insufficient permissions to query sysV service "%s" and their states' % name)
            else:
                state = 'stopped'
        services[name] = {'name': name, 'state': state, 'status': status, 'source': 'sysv'}


def _openrc(scan, rc_status, rc_update, services):
    _, out, _ = scan.run("%s -a -s -m 2>&1 | grep '^ ' | tr -d '[]'" % rc_status)
    _, out_u, _ = scan.run("%s show -v 2>&1 | grep '|'" % rc_update)
    runlevels = {}
    for line in out_u.split('\n'):
        parts = line.split('|')
        if len(parts) >= 2:
            levels = parts[1].strip()
            runlevels[parts[0].strip()] = levels.split() if levels else None
    for line in out.split('\n'):
        parts = line.split()
        if len(parts) < 2 or parts[0] == '*':
            continue
        if parts[0] not in runlevels:
            scan.ctx.warn('Service %s not found in the service list' % parts[0])
            continue
        services[parts[0]] = {'name': parts[0], 'runlevels': runlevels[parts[0]], 'state': parts[1], 'source': 'openrc'}


def _systemd_booted(ctx):
    if not ctx.get_bin_path('systemctl'):
        return False
    if any(os.path.exists(p) for p in ('/run/systemd/system/', '/dev/.run/systemd/', '/dev/.systemd/')):
        return True
    try:
        with open('/proc/1/comm') as f:
            return f.readline().strip() == 'systemd'
    except OSError:
        return False


def _systemd(scan, systemctl, services):
    rc, out, err = scan.run('%s list-units --no-pager --type service --all --plain' % systemctl)
    if rc != 0:
        scan.ctx.warn('Could not list units from systemd: %s' % err)
    else:
        for line in out.split('\n'):
            if '.service' not in line:
                continue
            fields = line.split()
            status = next((bad for bad in _SYSTEMD_BAD_STATES if bad in fields[:-1]), fields[2])
            services[fields[0]] = {'name': fields[0], 'state': 'running' if fields[3] == 'running' else 'stopped',
                                   'status': status, 'source': 'systemd'}
    rc, out, err = scan.run('%s list-unit-files --no-pager --type service --all' % systemctl)
    if rc != 0:
        scan.ctx.warn('Could not get unit files data from systemd: %s' % err)
        return
    for line in out.split('\n'):
        if '.service' not in line:
            continue
        fields = line.split()
        if len(fields) < 2:
            scan.ctx.fail('Malformed output discovered from systemd list-unit-files: %s' % line)
        name, status = fields[0], fields[1]
        if name not in services:
            rc, shown, _ = scan.run('%s show %s --property=ActiveState' % (systemctl, name))
            state = shown.replace('ActiveState=', '').rstrip() if rc == 0 and shown != '' else 'unknown'
            services[name] = {'name': name, 'state': state, 'status': status, 'source': 'systemd'}
        elif services[name]['status'] not in _SYSTEMD_BAD_STATES:
            services[name]['status'] = status


def run(params, ctx):
    locale = ctx.best_parsable_locale()
    scan = _Scan(ctx, {'LANG': locale, 'LC_ALL': locale})
    services = {}
    service = ctx.get_bin_path('service')
    chkconfig = ctx.get_bin_path('chkconfig')
    initctl = ctx.get_bin_path('initctl')
    rc_status = ctx.get_bin_path('rc-status')
    rc_update = ctx.get_bin_path('rc-update')
    if service and chkconfig is None and rc_status is None:
        _sysv(scan, service, services)
    if initctl and chkconfig is None:
        _upstart(scan, initctl, services)
    elif chkconfig:
        _chkconfig(scan, service, chkconfig, services)
    elif rc_status is not None and rc_update is not None:
        _openrc(scan, rc_status, rc_update, services)
    if _systemd_booted(ctx):
        systemctl = ctx.get_bin_path('systemctl', opt_dirs=['/usr/bin', '/usr/local/bin'])
        if systemctl:
            _systemd(scan, systemctl, services)
    if not services:
        return {'skipped': True,
                'msg': 'Failed to find any services. This can be due to privileges or some other configuration issue.'}
    return {'ansible_facts': {'services': services}}
