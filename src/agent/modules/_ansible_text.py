# ansible.module_utils.common.text.converters (and the older ansible.module_utils._text) for
# library modules: to_bytes, to_text, to_native as ansible's, on Python 3 only.
import json

_SURROGATE = ('surrogate_or_strict', 'surrogate_or_replace', 'surrogate_then_replace')


def _handler(errors):
    if errors in _SURROGATE:
        return 'surrogateescape'
    return errors or 'strict'


def _convert(obj, want, encoding, errors, nonstring, who):
    if isinstance(obj, want):
        return obj
    handler = _handler(errors)
    if isinstance(obj, (str, bytes)):
        convert = obj.encode if want is bytes else obj.decode
        try:
            return convert(encoding, handler)
        except UnicodeError:
            if errors in ('surrogate_then_replace', 'surrogate_or_replace'):
                return convert(encoding, 'replace')
            raise
    if nonstring == 'simplerepr':
        try:
            value = str(obj)
        except UnicodeError:
            value = repr(obj)
    elif nonstring == 'passthru':
        return obj
    elif nonstring == 'empty':
        return want()
    elif nonstring == 'strict':
        raise TypeError('obj must be a string type')
    else:
        raise TypeError("Invalid value %s for %s nonstring parameter" % (nonstring, who))
    return _convert(value, want, encoding, errors, 'strict', who)


def to_bytes(obj, encoding='utf-8', errors=None, nonstring='simplerepr'):
    return _convert(obj, bytes, encoding, errors, nonstring, "to_bytes'")


def to_text(obj, encoding='utf-8', errors=None, nonstring='simplerepr'):
    return _convert(obj, str, encoding, errors, nonstring, "to_text's")


to_native = to_text


def _container(d, convert, want_from, encoding, errors):
    if isinstance(d, want_from):
        return convert(d, encoding=encoding, errors=errors)
    if isinstance(d, dict):
        return dict((_container(k, convert, want_from, encoding, errors), _container(v, convert, want_from, encoding, errors)) for k, v in d.items())
    if isinstance(d, (list, tuple)):
        return type(d)(_container(o, convert, want_from, encoding, errors) for o in d)
    return d


def container_to_text(d, encoding='utf-8', errors='surrogate_or_strict'):
    return _container(d, to_text, bytes, encoding, errors)


def container_to_bytes(d, encoding='utf-8', errors='surrogate_or_strict'):
    return _container(d, to_bytes, str, encoding, errors)


def jsonify(data, **kwargs):
    return json.dumps(data, **kwargs)


def human_to_bytes(number, default_unit=None, isbits=False):
    # ansible.module_utils.common.text.formatters
    import volant_runtime
    return volant_runtime.human_to_bytes(number, default_unit, isbits)
