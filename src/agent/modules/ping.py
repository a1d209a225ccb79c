# ansible.builtin.ping: answers `pong` (or `data`); data=crash raises, as Ansible's does.
ARGUMENT_SPEC = {
    'data': {'type': 'str', 'default': 'pong'},
}
SUPPORTS_CHECK_MODE = True
LOAD_EARLY = True


def run(params, ctx):
    if params['data'] == 'crash':
        raise Exception('boom')
    return {'ping': params['data']}
