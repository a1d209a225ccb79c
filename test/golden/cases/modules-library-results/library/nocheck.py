from ansible.module_utils.basic import AnsibleModule
module = AnsibleModule(argument_spec=dict(x=dict(type='str')))
module.exit_json(changed=True, x=module.params['x'])
