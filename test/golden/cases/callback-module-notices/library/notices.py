#!/usr/bin/python
# Warnings and deprecations a module reports: through warn/deprecate, and (deprecated in 2.19)
# passed to exit_json/fail_json.
from ansible.module_utils.basic import AnsibleModule

m = AnsibleModule(argument_spec=dict(text=dict(type='str', default='short'), fail=dict(type='bool', default=False)))
m.warn(m.params['text'])
m.deprecate('going away ' + m.params['text'], version='2.99', collection_name='ansible.builtin')
m.deprecate('no collection', version='1.0')
m.deprecate('no collection, dated', date='2030-02-02')
m.deprecate('no version')
if m.params['fail']:
    m.fail_json(msg='failed with ü', warnings=['warning passed to fail_json'])
m.exit_json(changed=False, warnings='one warning string',
            deprecations=[['a pair', '2.0'], 'plain', {'msg': 'a dict', 'date': '2031-01-01', 'collection_name': 'foo.bar'}])
