#!/usr/bin/python
# A library module as people write them: AnsibleModule, check mode, no_log, warn and deprecate.
from ansible.module_utils.basic import AnsibleModule


def main():
    module = AnsibleModule(
        argument_spec=dict(
            name=dict(type='str', required=True, aliases=['who']),
            state=dict(type='str', default='present', choices=['present', 'absent']),
            secret=dict(type='str', no_log=True),
            count=dict(type='int', default=1),
            tags=dict(type='list', elements='str', default=[]),
            warn=dict(type='str'),
        ),
        supports_check_mode=True,
    )
    p = module.params
    if p['warn']:
        module.warn(p['warn'])
        module.deprecate('the warn option is old', version='2.0', collection_name='my.col')
    changed = p['state'] == 'absent'
    module.exit_json(changed=changed, greeting='hello %s' % p['name'], check=module.check_mode,
                     diff_mode=module._diff, count=p['count'] * 2, tags=p['tags'], secret_echo=p['secret'])


if __name__ == '__main__':
    main()
