from ansible.module_utils.basic import AnsibleModule
from ansible_collections.acme.tools.plugins.module_utils.nothere import x
AnsibleModule(argument_spec={}).exit_json(changed=False)
