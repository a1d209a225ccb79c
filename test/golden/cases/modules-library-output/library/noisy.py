# What a module prints, and how it ends.
import sys
from ansible.module_utils.basic import AnsibleModule
module = AnsibleModule(argument_spec={'how': {'type': 'str'}})
print('some chatter')
sys.stderr.write('on stderr\n')
if module.params['how'] == 'exit':
    sys.exit(1)
if module.params['how'] == 'msg':
    sys.exit('fatal problem')
if module.params['how'] == 'raise':
    raise KeyError('k')
module.exit_json(msg='done')
