#!/usr/bin/python
# A module with nested options (a list of dicts whose dict option has its own options), as a
# role's library/ module may have.
from ansible.module_utils.basic import AnsibleModule


def main():
    module = AnsibleModule(argument_spec=dict(
        rules=dict(type='list', elements='dict', options=dict(
            name=dict(type='str', required=True, aliases=['rule']),
            opts=dict(type='dict', options=dict(rotate=dict(type='int'), size=dict(type='bytes'))),
        )),
    ))
    module.exit_json(changed=False, rules=module.params['rules'])


main()
