#!/usr/bin/python
from ansible.module_utils.basic import AnsibleModule


def main():
    module = AnsibleModule(argument_spec=dict(text=dict(type='str'), chained=dict(type='bool', default=False)))
    if module.params['chained']:
        try:
            raise ValueError('the cause')
        except ValueError as e:
            raise RuntimeError(module.params['text']) from e
    raise RuntimeError(module.params['text'])


main()
