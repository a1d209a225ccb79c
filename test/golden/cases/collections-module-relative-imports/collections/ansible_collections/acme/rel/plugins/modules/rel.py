from ansible.module_utils.basic import AnsibleModule
from ..module_utils.helper import shout
from ..module_utils import strings

m = AnsibleModule(argument_spec=dict(word=dict(type='str', default='rel')))
m.exit_json(changed=False, v=shout(m.params['word']), w=strings.upper('x'), pkg=__package__)
