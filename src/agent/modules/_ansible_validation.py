# ansible.module_utils.common.validation (and .parameters, .parsing.convert_bool) for library
# modules: the runtime's type checks and boolean under ansible's names.
import os

import volant_runtime

BOOLEANS_TRUE = volant_runtime.BOOLEANS_TRUE
BOOLEANS_FALSE = volant_runtime.BOOLEANS_FALSE
BOOLEANS = BOOLEANS_TRUE.union(BOOLEANS_FALSE)
boolean = volant_runtime.boolean


class AnsibleFallbackNotFound(Exception):
    pass


def env_fallback(*args, **kwargs):
    """A spec's fallback: (env_fallback, ['VAR', ...]) reads the first variable set."""
    for arg in args:
        if arg in os.environ:
            return os.environ[arg]
    raise AnsibleFallbackNotFound


def _checker(type_name):
    check = volant_runtime.TYPE_CHECKERS[type_name]

    def checker(value, *args, **kwargs):
        return check(value)
    checker.__name__ = 'check_type_' + type_name
    return checker


check_type_str = _checker('str')
check_type_list = _checker('list')
check_type_dict = _checker('dict')
check_type_bool = _checker('bool')
check_type_int = _checker('int')
check_type_float = _checker('float')
check_type_path = _checker('path')
check_type_raw = _checker('raw')
check_type_bytes = _checker('bytes')
check_type_bits = _checker('bits')
check_type_jsonarg = _checker('jsonarg')


def count_terms(terms, parameters):
    if isinstance(terms, str):
        terms = [terms]
    return len(set(terms).intersection(parameters))


def _first_error(spec, parameters, **groups):
    errors = volant_runtime.validate_arguments('', spec, parameters, **groups).errors
    kinds = set(groups) | {'required'}
    for kind, msg in errors:
        if kind in kinds:
            raise TypeError(msg)
    return []


def check_mutually_exclusive(terms, parameters, options_context=None):
    return _first_error({}, parameters, mutually_exclusive=terms or ())


def check_required_together(terms, parameters, options_context=None):
    return _first_error({}, parameters, required_together=terms or ())


def check_required_one_of(terms, parameters, options_context=None):
    return _first_error({}, parameters, required_one_of=terms or ())


def check_required_if(requirements, parameters, options_context=None):
    return _first_error({}, parameters, required_if=requirements or ())


def check_required_by(requirements, parameters, options_context=None):
    return _first_error({}, parameters, required_by=requirements or {})


def check_required_arguments(argument_spec, parameters, options_context=None):
    spec = dict((k, {'required': v.get('required', False)}) for k, v in (argument_spec or {}).items())
    return _first_error(spec, parameters)
