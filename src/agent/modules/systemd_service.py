# systemd_service (also `systemd`): a unit's state, enablement and mask through systemctl;
# daemon-reload / daemon-reexec; system, user or global scope.
import glob
import os

ARGUMENT_SPEC = {
    'name': {'type': 'str', 'aliases': ['service', 'unit']},
    'state': {'type': 'str', 'choices': ['reloaded', 'restarted', 'started', 'stopped']},
    'enabled': {'type': 'bool'},
    'force': {'type': 'bool'},
    'masked': {'type': 'bool'},
    'daemon_reload': {'type': 'bool', 'default': False, 'aliases': ['daemon-reload']},
    'daemon_reexec': {'type': 'bool', 'default': False, 'aliases': ['daemon-reexec']},
    'scope': {'type': 'str', 'default': 'system', 'choices': ['system', 'user', 'global']},
    'no_block': {'type': 'bool', 'default': False},
}
SUPPORTS_CHECK_MODE = True
REQUIRED_ONE_OF = [['state', 'enabled', 'masked', 'daemon_reload', 'daemon_reexec']]
REQUIRED_BY = {'state': ['name'], 'enabled': ['name'], 'masked': ['name']}
ADD_PATH_INFO = False

VALID_ENABLED_STATES = ('enabled', 'enabled-runtime', 'linked', 'linked-runtime', 'masked', 'masked-runtime',
                        'static', 'indirect', 'disabled', 'generated', 'transient')


def is_chroot():
    if os.environ.get('debian_chroot', False):
        return True
    my_root = os.stat('/')
    try:
        proc_root = os.stat('/proc/1/root/.')
        return my_root.st_ino != proc_root.st_ino or my_root.st_dev != proc_root.st_dev
    except Exception:
        return my_root.st_ino != 2


def parse_systemctl_show(lines):
    parsed = {}
    multival = []
    key = None
    for line in lines:
        if key is None:
            if '=' in line:
                key, value = line.split('=', 1)
                # NOTE: Exec* values may span lines inside braces; other values never do.
                if key.startswith('Exec') and value.lstrip().startswith('{') and not value.rstrip().endswith('}'):
                    multival.append(value)
                    continue
                parsed[key] = value.strip()
                key = None
        else:
            multival.append(line)
            if line.rstrip().endswith('}'):
                parsed[key] = '\n'.join(multival).strip()
                multival = []
                key = None
    return parsed


def request_was_ignored(out):
    return '=' not in out and ('ignoring request' in out or 'ignoring command' in out)


def run(params, ctx):
    unit = params['name']
    if unit is not None:
        for pattern in ('*', '?', '['):
            if pattern in unit:
                ctx.fail("This module does not currently support using glob patterns, found '%s' in service name: %s"
                         % (pattern, unit))
    systemctl = ctx.get_bin_path('systemctl', required=True)
    env = {}
    if os.getenv('XDG_RUNTIME_DIR') is None:
        env['XDG_RUNTIME_DIR'] = '/run/user/%s' % os.geteuid()
    if params['scope'] != 'system':
        systemctl += ' --%s' % params['scope']
    if params['no_block']:
        systemctl += ' --no-block'
    if params['force']:
        systemctl += ' --force'

    def sh(cmd, **kw):
        return ctx.run_command(cmd, environ_update=env, **kw)

    result = {'name': unit, 'changed': False, 'status': {}}
    offline = is_chroot() or os.environ.get('SYSTEMD_OFFLINE') == '1'
    for op in ('daemon_reload', 'daemon_reexec'):
        if params[op] and not ctx.check_mode:
            verb = op.replace('_', '-')
            rc, out, err = sh('%s %s' % (systemctl, verb))
            if rc != 0:
                if offline:
                    ctx.warn('%s failed, but target is a chroot or systemd is offline. Continuing. Error was: %d / %s'
                             % (verb, rc, err))
                else:
                    ctx.fail('failure %d during %s: %s' % (rc, verb, err))
    if not unit:
        return result

    is_initd = os.path.exists(unit if unit.startswith('/') else '/etc/init.d/%s' % unit)
    is_systemd = False
    rc, out, err = sh("%s show '%s'" % (systemctl, unit))
    if rc == 0 and not (request_was_ignored(out) or request_was_ignored(err)):
        if out:
            result['status'] = parse_systemctl_show(out.split('\n'))
            load = result['status'].get('LoadState')
            is_systemd = load is not None and load != 'not-found'
            if is_systemd and load != 'masked' and 'LoadError' in result['status']:
                ctx.fail("Error loading unit file '%s': %s" % (unit, result['status']['LoadError']))
    elif err and rc == 1 and 'Failed to parse bus message' in err:
        result['status'] = parse_systemctl_show(out.split('\n'))
        base, sep, _ = unit.partition('@')
        search = base + sep
        rc, out, err = sh("%s list-unit-files '%s*'" % (systemctl, search))
        is_systemd = search in out
        rc, out, err = sh("%s is-active '%s'" % (systemctl, unit))
        result['status']['ActiveState'] = out.rstrip('\n')
    else:
        rc, out, err = sh("%s is-enabled '%s'" % (systemctl, unit))
        if out.strip() in VALID_ENABLED_STATES:
            is_systemd = True
        else:
            rc, out, err = sh("%s list-unit-files '%s'" % (systemctl, unit))
            if rc == 0:
                is_systemd = True
            else:
                sh(systemctl, check_rc=True)
    found = is_systemd or is_initd
    if is_initd and not is_systemd:
        ctx.warn('The service (%s) is actually an init script but the system is managed by systemd' % unit)

    def require_found():
        if not found:
            ctx.fail('Could not find the requested service %s: %s' % (unit, 'host'))

    if params['masked'] is not None:
        rc, out, err = sh("%s is-enabled '%s'" % (systemctl, unit))
        if (out.strip() == 'masked') != params['masked']:
            result['changed'] = True
            action = 'mask' if params['masked'] else 'unmask'
            if not ctx.check_mode:
                rc, out, err = sh("%s %s '%s'" % (systemctl, action, unit))
                if rc != 0:
                    require_found()
                    ctx.fail('Failed to %s the service (%s): %s' % (action, unit, err.strip()))
    if params['enabled'] is not None:
        action = 'enable' if params['enabled'] else 'disable'
        require_found()
        enabled = False
        rc, out, err = sh("%s is-enabled '%s' -l" % (systemctl, unit))
        if rc == 0:
            # NOTE: runtime-only, indirect and alias units count as not (permanently) enabled.
            enabled = out.rstrip() not in ('enabled-runtime', 'indirect', 'alias')
        elif rc == 1:
            if params['scope'] == 'system' and is_initd and not out.strip().endswith('disabled') and \
                    glob.glob('/etc/rc?.d/S??%s' % unit):
                enabled = True
        result['enabled'] = enabled
        if enabled != params['enabled']:
            result['changed'] = True
            if not ctx.check_mode:
                rc, out, err = sh("%s %s '%s'" % (systemctl, action, unit))
                if rc != 0:
                    ctx.fail('Unable to %s service %s: %s' % (action, unit, out + err))
            result['enabled'] = not enabled
    if params['state'] is not None:
        require_found()
        result['state'] = params['state']
        status = result['status']
        if 'ActiveState' in status:
            running = status['ActiveState'] in ('active', 'activating')
            action = None
            if params['state'] == 'started':
                if not running:
                    action = 'start'
            elif params['state'] == 'stopped':
                if running or status['ActiveState'] == 'deactivating':
                    action = 'stop'
            else:
                action = params['state'][:-2] if running else 'start'
                result['state'] = 'started'
            if action:
                result['changed'] = True
                if not ctx.check_mode:
                    rc, out, err = sh("%s %s '%s'" % (systemctl, action, unit))
                    if rc != 0:
                        ctx.fail('Unable to %s service %s: %s' % (action, unit, err))
        elif offline:
            ctx.warn('Target is a chroot or systemd is offline. This can lead to false positives or prevent the init '
                     'system tools from working.')
        else:
            ctx.fail('Service is in unknown state', status=result['status'])
    return result
