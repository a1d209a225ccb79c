# Filters that show what they receive and return values of each Python type.
from ansible.module_utils.six import string_types
from ansible.module_utils.common.text.converters import to_text


def show(value, *args, **kwargs):
    return '%r %r %r' % (value, args, sorted(kwargs.items()))


def is_text(value):
    return isinstance(value, string_types)


class FilterModule(object):
    def filters(self):
        return {
            'show': show,
            'is_text': is_text,
            'shout': lambda v, suffix='!': to_text(v).upper() + suffix,
            'mktuple': lambda v: (v, 2.0, None, 'x'),
            'mkset': lambda v: {v},
            'mkbytes': lambda v: b'bytes',
            'mkdict': lambda v: {2: 'two', '10': 'ten', 'a': [1.5, 3, True]},
            'mkbig': lambda v: 2 ** 64 + v,
            'mkfloat': lambda v: float(v),
            'upper': lambda v: 'the user upper',
        }
