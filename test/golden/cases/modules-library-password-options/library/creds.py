# Options that look like passwords but have no no_log setting are warned about; no_log=False
# silences the warning. module.params holds the task's arguments sorted by name, then the others.
from ansible.module_utils.basic import AnsibleModule

module = AnsibleModule(argument_spec=dict(
    zz_password=dict(type='str'),
    aa_password=dict(type='str', aliases=['bb_passwd']),
    mm_password=dict(type='str'),
    passphrase=dict(type='str', no_log=False),
    api_key=dict(type='str'),
    update_password=dict(type='str', default='always'),
), supports_check_mode=True)
module.exit_json(keys=list(module.params), password=module.params['mm_password'])
