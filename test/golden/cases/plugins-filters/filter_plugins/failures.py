from ansible.errors import AnsibleFilterError


def fail_ansible(value):
    raise AnsibleFilterError('cannot use %s' % value)


def fail_value(value):
    raise ValueError('not a good value')


def fail_empty(value):
    raise ValueError()


def fail_key(value):
    return {}['missing']


def fail_chained(value):
    try:
        int(value)
    except ValueError as e:
        raise AnsibleFilterError('could not convert', orig_exc=e)


def fail_type(value):
    return value + 1


class FilterModule(object):
    def filters(self):
        return {'fail_ansible': fail_ansible, 'fail_value': fail_value, 'fail_empty': fail_empty,
                'fail_key': fail_key, 'fail_chained': fail_chained, 'fail_type': fail_type}
