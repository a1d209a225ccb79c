from ansible.module_utils.basic import AnsibleModule
m = AnsibleModule(argument_spec=dict(fail=dict(type='bool', default=False)))
m.warn('first module warning')
m.warn('second\nmultiline warning')
m.deprecate('old option used', version='9.0', collection_name='my.coll')
m.deprecate('old thing, builtin', date='2030-01-01', collection_name='ansible.builtin')
if m.params['fail']:
    m.fail_json(msg='warner failed')
m.exit_json(changed=True, value=1)
