#!/usr/bin/python
from ansible.module_utils.basic import AnsibleModule
from ansible_collections.acme.tools.plugins.module_utils.helper import shout


def main():
    m = AnsibleModule(argument_spec=dict(name=dict(type='str', required=True)), supports_check_mode=True)
    m.exit_json(changed=False, greeting=shout(m.params['name']))


if __name__ == '__main__':
    main()
