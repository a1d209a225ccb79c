from ansible.module_utils.six import string_types
def shout(s):
    return s.upper() if isinstance(s, string_types) else s
