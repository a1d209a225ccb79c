#!/usr/bin/python
from ansible.module_utils.basic import AnsibleModule


def main():
    module = AnsibleModule(argument_spec={}, supports_check_mode=True)
    module.exit_json(changed=False, version=getattr(module, 'ansible_version', 'unknown'), check_mode=module.check_mode)


if __name__ == '__main__':
    main()
