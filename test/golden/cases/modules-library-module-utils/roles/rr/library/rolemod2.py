from ansible.module_utils.basic import AnsibleModule
from ansible.module_utils.rolehelp import hi
module = AnsibleModule(argument_spec={}, supports_check_mode=True)
module.exit_json(msg=hi())
