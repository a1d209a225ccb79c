# sysvinit: a service's init script (/etc/init.d/NAME) and its runlevel links (update-rc.d or
# chkconfig). This is what the `service` action runs when the service_mgr fact says sysvinit.
import os
import glob
import re
import shlex
from time import sleep

from _detached import run_detached

ARGUMENT_SPEC = {
    'name': {'required': True, 'type': 'str', 'aliases': ['service']},
    'state': {'choices': ['started', 'stopped', 'restarted', 'reloaded'], 'type': 'str'},
    'enabled': {'type': 'bool'},
    'sleep': {'type': 'int', 'default': 1},
    'pattern': {'type': 'str'},
    'arguments': {'type': 'str', 'aliases': ['args']},
    'runlevels': {'type': 'list', 'elements': 'str'},
    'daemonize': {'type': 'bool', 'default': False},
}
SUPPORTS_CHECK_MODE = True
REQUIRED_ONE_OF = [['state', 'enabled']]
ADD_PATH_INFO = False


def sysv_script(name):
    return name if name.startswith('/') else '/etc/init.d/%s' % name


def sysv_is_enabled(name, runlevel=None):
    base = '/etc/rc%s.d/S??%s' if os.path.isdir('/etc/rc0.d/') else '/etc/init.d/rc%s.d/S??%s'
    return bool(glob.glob(base % (runlevel if runlevel else '?', name)))


def ps_has(ctx, pattern):
    rc, out, err = ctx.run_command([ctx.get_bin_path('ps', required=True), 'auxww'])
    return rc == 0 and any(pattern in line for line in out.splitlines())


def daemonize(ctx, cmd):
    """Runs cmd detached from the module, returning its (rc, out, err)."""
    try:
        return run_detached(shlex.split(cmd) if not isinstance(cmd, list) else cmd)
    except OSError:
        ctx.fail('Error while attempting to fork.')


def _blank(status):
    status.update(changed=False, rc=None, stdout=None, stderr=None)


def run(params, ctx):
    name, action, enabled = params['name'], params['state'], params['enabled']
    runlevels, pattern = params['runlevels'], params['pattern']
    rc, out, err = 0, '', ''
    result = {'name': name, 'changed': False, 'status': {}}
    if not os.path.exists(sysv_script(name)):
        ctx.fail('Could not find the requested service %s: ' % name)
    script = sysv_script(name)
    location = dict((b, ctx.get_bin_path(b, opt_dirs=['/sbin', '/usr/sbin', '/bin', '/usr/bin']))
                    for b in ('chkconfig', 'update-rc.d', 'insserv', 'service'))
    levels = {}
    if runlevels:
        for rl in runlevels:
            levels[rl] = sysv_is_enabled(name, runlevel=rl)
    else:
        levels[None] = sysv_is_enabled(name)

    is_started = worked = False
    if pattern:
        worked = is_started = ps_has(ctx, pattern)
    else:
        cmd = '%s %s status' % (location['service'], name) if location.get('service') else '%s status' % script
        rc, out, err = ctx.run_command(cmd)
        if rc != -1:
            if name == 'iptables' and 'ACCEPT' in out:
                worked = is_started = True
            # NOTE: like Ansible, a one-line status is read for words ("is not running", "active")
            # before the exit code is trusted.
            if not worked and out.count('\n') <= 1:
                clean = out.lower().replace(name.lower(), '')
                for stopped in ('stop', 'is dead ', 'dead but ', 'could not access pid file', 'inactive'):
                    if stopped in clean:
                        worked = True
                        break
                if not worked:
                    for started in ('run', 'start', 'active'):
                        if started in clean and 'not ' not in clean:
                            is_started = worked = True
                            break
            if not worked and rc in (1, 2, 3, 4, 69):
                worked = True
        if not worked:
            if rc == 0:
                is_started = worked = True
            elif ps_has(ctx, name):
                is_started = worked = True
                ctx.warn('Used ps output to match service name and determine it is up, this is very unreliable')
    if not worked:
        ctx.warn('Unable to determine if service is up, assuming it is down')

    en = result['status'].setdefault('enabled', {})
    _blank(en)
    if runlevels:
        en['runlevels'] = runlevels
        for rl in runlevels:
            if enabled != levels[rl]:
                result['changed'] = en['changed'] = True
        if not ctx.check_mode and result['changed']:
            verb = 'enable' if enabled else 'disable'
            if location.get('update-rc.d'):
                rc, out, err = ctx.run_command('%s %s %s %s' % (location['update-rc.d'], name, verb, ' '.join(runlevels)))
            elif location.get('chkconfig'):
                rc, out, err = ctx.run_command('%s --level %s %s %s' % (location['chkconfig'], ''.join(runlevels), name,
                                                                       'on' if enabled else 'off'))
    else:
        if enabled is not None and enabled != levels[None]:
            result['changed'] = en['changed'] = True
        if not ctx.check_mode and result['changed']:
            if location.get('update-rc.d'):
                rc, out, err = ctx.run_command('%s %s %s' % (location['update-rc.d'], name,
                                                             'defaults' if enabled else 'disable'))
            elif location.get('chkconfig'):
                rc, out, err = ctx.run_command('%s %s %s' % (location['chkconfig'], name, 'on' if enabled else 'off'))
    if not ctx.check_mode and en['changed']:
        en.update(rc=rc, stdout=out, stderr=err)
        if 'illegal runlevel specified' in en['stderr']:
            extra = dict(result)
            ctx.fail('Illegal runlevel specified for enable operation on service %s' % name, **extra)

    # NOTE: the status dict gets a key named after `state` even when state is None: Ansible's
    # None key reaches JSON as "null".
    st = result['status'].setdefault(params['state'] if params['state'] is not None else 'null', {})
    _blank(st)
    if action:
        verb = re.sub(r'p?ed$', '', action.lower())

        def runme(doit):
            cmd = '%s %s %s' % (script, doit, '' if params['arguments'] is None else params['arguments'])
            res = daemonize(ctx, cmd) if params['daemonize'] else ctx.run_command(cmd)
            if res[0] != 0:
                ctx.fail('Failed to %s service: %s' % (verb, name), rc=res[0], stdout=res[1], stderr=res[2])
            return res

        if verb == 'restart':
            result['changed'] = st['changed'] = True
            if not ctx.check_mode:
                for doit in ('stop', 'start'):
                    rc, out, err = runme(doit)
                    if params['sleep']:
                        sleep(params['sleep'])
        elif is_started != (verb == 'start') or is_started == (verb == 'stop'):
            result['changed'] = st['changed'] = True
            if not ctx.check_mode:
                rc, out, err = runme(verb)
        if not ctx.check_mode and st['changed']:
            st.update(rc=rc, stdout=out, stderr=err)
    return result
