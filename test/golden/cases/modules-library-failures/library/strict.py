# Argument checks AnsibleModule makes before the module's own code, and the ways a module fails.
import sys

from ansible.module_utils.basic import AnsibleModule


def main():
    module = AnsibleModule(
        argument_spec=dict(
            name=dict(type='str', required=True),
            size=dict(type='int'),
            mode=dict(type='str', choices=['fast', 'slow']),
            a=dict(type='str'),
            b=dict(type='str'),
            path=dict(type='path'),
            how=dict(type='str', default='ok'),
        ),
        mutually_exclusive=[['a', 'b']],
        required_if=[['mode', 'slow', ['size']]],
        required_by={'path': ['size']},
        supports_check_mode=True,
    )
    how = module.params['how']
    if how == 'fail':
        module.fail_json(msg='%s failed' % module.params['name'], rc=4, details={'name': module.params['name']})
    if how == 'exit':
        sys.exit(2)
    if how == 'raise':
        raise RuntimeError('the module broke')
    if how == 'return':
        return
    if how == 'command':
        module.run_command(['false'], check_rc=True)
    try:
        module.fail_json(msg='caught?')
    except Exception:
        module.exit_json(msg='fail_json was caught as an Exception')


if __name__ == '__main__':
    main()
