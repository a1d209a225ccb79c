from ansible.module_utils.basic import AnsibleModule
from ansible_collections.acme.tools.plugins.module_utils.pkg import VAL
import ansible_collections.acme.tools.plugins.module_utils.helper as h
AnsibleModule(argument_spec={}).exit_json(changed=False, v=VAL, w=h.shout('x'))
