# ansible.utils.unsafe_proxy and ansible.parsing.yaml.objects for Python plugins: the string,
# bytes and container classes plugins test for or build. A value Volant marks `!unsafe` reaches
# a plugin as AnsibleUnsafeText, and one a plugin returns as such stays unsafe in the template.


class AnsibleUnsafe(object):
    __UNSAFE__ = True


class AnsibleUnsafeText(str, AnsibleUnsafe):
    pass


class AnsibleUnsafeBytes(bytes, AnsibleUnsafe):
    pass


class _VolantVarText(str):
    """A string read from the play's variables: Templar.template renders it (as 2.19 renders
    trusted variable text), where a string a plugin builds itself is left as it is."""


def wrap_var(value):
    if isinstance(value, AnsibleUnsafe) or value is None:
        return value
    if isinstance(value, str):
        return AnsibleUnsafeText(value)
    if isinstance(value, bytes):
        return AnsibleUnsafeBytes(value)
    if isinstance(value, dict):
        return dict((wrap_var(k), wrap_var(v)) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return type(value)(wrap_var(v) for v in value)
    return value


def to_unsafe_text(*args, **kwargs):
    from ansible.module_utils.common.text.converters import to_text
    return wrap_var(to_text(*args, **kwargs))


def to_unsafe_bytes(*args, **kwargs):
    from ansible.module_utils.common.text.converters import to_bytes
    return wrap_var(to_bytes(*args, **kwargs))


# ansible.parsing.yaml.objects
class AnsibleBaseYAMLObject(object):
    _data_source = None
    _line_number = 0
    _column_number = 0


class AnsibleUnicode(str, AnsibleBaseYAMLObject):
    pass


class AnsibleSequence(list, AnsibleBaseYAMLObject):
    pass


class AnsibleMapping(dict, AnsibleBaseYAMLObject):
    pass
