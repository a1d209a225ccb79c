from ansible.module_utils.basic import AnsibleModule
from ansible.module_utils.helpers import shout
from ansible.module_utils.mypkg.sub import describe
from ansible.module_utils import mypkg
module = AnsibleModule(argument_spec={'x': {'type': 'str', 'default': 'ab'}}, supports_check_mode=True)
module.exit_json(shout=shout(module.params['x']), describe=describe(module.params['x']), version=mypkg.VERSION)
