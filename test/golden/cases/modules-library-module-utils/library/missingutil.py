from ansible.module_utils.basic import AnsibleModule
from ansible.module_utils.nosuchutil import thing
