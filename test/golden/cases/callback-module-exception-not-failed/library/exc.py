#!/usr/bin/python
# A module result holding an exception, failed or not, and the keys 2.19's controller cleans from it.
from ansible.module_utils.basic import AnsibleModule
m = AnsibleModule(argument_spec=dict(msg=dict(type='str'), exc=dict(type='raw'), fail=dict(type='bool', default=False),
                                     changed=dict(type='bool', default=False)))
res = dict(changed=m.params['changed'], exception=m.params['exc'], warnings=[], deprecations=[],
           ansible_facts=dict(discovered_interpreter_python='/usr/bin/python3', ansible_discovered_interpreter_x='y', kept='fact'))
if m.params['msg'] is not None:
    res['msg'] = m.params['msg']
if m.params['fail']:
    m.fail_json(**res)
m.exit_json(**res)
