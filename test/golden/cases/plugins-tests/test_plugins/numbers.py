from ansible.errors import AnsibleError


def is_even(value):
    return value % 2 == 0


def is_between(value, low, high=100):
    return low <= value <= high


def broken(value):
    raise AnsibleError('cannot test %s' % value)


class TestModule(object):
    def tests(self):
        return {'even': is_even, 'between': is_between, 'broken': broken,
                'text_result': lambda v: 'yes', 'none_result': lambda v: None,
                'string': lambda v: v == 'mine'}
