from ansible.module_utils.basic import AnsibleModule
from ansible.module_utils.six import string_types, iteritems, PY3
from ansible.module_utils.common.text.converters import to_text, to_bytes, to_native
from ansible.module_utils._text import to_text as old_to_text


def main():
    module = AnsibleModule(argument_spec={'data': {'type': 'dict', 'default': {}}}, supports_check_mode=True)
    pairs = sorted('%s=%s' % (to_text(k), to_native(v)) for k, v in iteritems(module.params['data']))
    module.exit_json(pairs=pairs, py3=PY3, text=old_to_text(b'caf\xc3\xa9'), size=len(to_bytes(u'caf\xe9')),
                     keys_are_text=all(isinstance(k, string_types) for k in module.params['data']))


main()
