# ansible.builtin.tempfile
import os
import tempfile

ARGUMENT_SPEC = {
    'state': {'type': 'str', 'default': 'file', 'choices': ['file', 'directory']},
    'path': {'type': 'path'},
    'prefix': {'type': 'str', 'default': 'ansible.'},
    'suffix': {'type': 'str', 'default': ''},
}
# NOTE: Ansible's tempfile does not support check mode (it is skipped there).
SUPPORTS_CHECK_MODE = False


def run(params, ctx):
    try:
        if params['state'] == 'file':
            fd, path = tempfile.mkstemp(prefix=params['prefix'], suffix=params['suffix'], dir=params['path'])
            os.close(fd)
        else:
            path = tempfile.mkdtemp(prefix=params['prefix'], suffix=params['suffix'], dir=params['path'])
    except Exception as e:
        ctx.fail(str(e))
    return {'changed': True, 'path': path}
