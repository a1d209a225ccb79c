from ansible.module_utils.basic import AnsibleModule
module = AnsibleModule(argument_spec={'tool': {'type': 'str', 'required': True}}, supports_check_mode=True)
module.exit_json(tool=module.params['tool'], source='the tools role')
