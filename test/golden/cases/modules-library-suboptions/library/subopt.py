# options: of a dict option and of a list of dicts, validated and defaulted as the module options are.
from ansible.module_utils.basic import AnsibleModule
module = AnsibleModule(argument_spec=dict(
    conf=dict(type='dict', options=dict(a=dict(type='int', default=1), b=dict(type='str', required=True, choices=['x', 'y']), c=dict(type='bool', aliases=['cc']))),
    items=dict(type='list', elements='dict', options=dict(n=dict(type='str', required=True), m=dict(type='int', default=5))),
), supports_check_mode=True)
module.exit_json(conf=module.params['conf'], items=module.params['items'])
