#!/usr/bin/python
# Reports what AnsibleModule was told about the run.
from ansible.module_utils.basic import AnsibleModule


def main():
    module = AnsibleModule(argument_spec={}, supports_check_mode=True)
    module.exit_json(verbosity=module._verbosity, version=module.ansible_version)


main()
