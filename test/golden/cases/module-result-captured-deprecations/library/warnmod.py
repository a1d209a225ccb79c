from ansible.module_utils.basic import AnsibleModule
m = AnsibleModule(argument_spec={'x': {'type': 'raw'}})
m.warn('module warning')
m.deprecate('module dep', version='9.9')
m.deprecate('dated dep', date='2030-01-01')
m.exit_json(changed=False, warnings=['passed to exit_json'])
