from ansible.module_utils.basic import AnsibleModule
module = AnsibleModule(argument_spec={}, supports_check_mode=True)
module.exit_json(source='the late role, imported by a task')
