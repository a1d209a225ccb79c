# systemd: the older name of systemd_service (Ansible ships both with one body); this runs it.
import volant_runtime

# NOTE: the same arguments as systemd_service, declared here because the agent validates a
# module's arguments before run() is called.
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


def run(params, ctx):
    loader = getattr(volant_runtime, 'load_module', None)
    module = loader('systemd_service') if loader else None
    if module is None:
        ctx.fail('The module systemd_service was not found in configured module paths')
    return module.run(params, ctx)
