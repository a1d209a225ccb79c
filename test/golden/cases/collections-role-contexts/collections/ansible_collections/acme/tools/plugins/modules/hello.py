from ansible.module_utils.basic import AnsibleModule
m = AnsibleModule(argument_spec=dict(name=dict(type='str', required=True)))
m.exit_json(changed=False, greeting='hello ' + m.params['name'])
