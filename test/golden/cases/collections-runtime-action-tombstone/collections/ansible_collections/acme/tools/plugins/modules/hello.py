from ansible.module_utils.basic import AnsibleModule
m = AnsibleModule(argument_spec=dict(name=dict(type='str', default='nobody'), extra=dict(type='str', default='-')))
m.exit_json(changed=False, greeting='%s %s' % (m.params['name'], m.params['extra']))
