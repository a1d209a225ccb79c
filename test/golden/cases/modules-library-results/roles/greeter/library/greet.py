from ansible.module_utils.basic import AnsibleModule
module = AnsibleModule(argument_spec={'msg': {'type': 'str', 'default': 'from the role'}}, supports_check_mode=True)
module.exit_json(changed=False, msg=module.params['msg'])
