from ansible.module_utils.basic import AnsibleModule
m = AnsibleModule(argument_spec=dict(name=dict(type='str'), extra=dict(type='str')))
m.exit_json(changed=False, got=m.params)
