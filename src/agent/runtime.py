# Volant agent runtime: the module context (ctx) and Ansible-style argument validation.
#
# Standard library only, Python >= 3.8. The agent loads this file as the module
# `volant_runtime`; modules receive a Context as `ctx` and may also
# `import volant_runtime` for helpers. The contract is documented in src/agent/README.md.
import errno
import grp
import itertools
import json
import os
import pwd
import re
import shlex
import signal
import stat
import subprocess
import sys
import threading
import time


class _ImportedOnUse(object):
    # NOTE: hashlib (OpenSSL's init), shutil (it loads bz2 and lzma) and tempfile cost ~7 ms of
    # every agent start, and a gather never needs them: they are imported on first use.
    def __init__(self, name):
        self._name = name

    def __getattr__(self, attr):
        module = __import__(self._name)
        globals()[self._name] = module
        return getattr(module, attr)


hashlib = _ImportedOnUse('hashlib')
shutil = _ImportedOnUse('shutil')
tempfile = _ImportedOnUse('tempfile')

PROTOCOL_VERSION = 1
# Commands get their own process group so the agent can kill one request's processes; an async
# job's runner turns this off so its timeout kills the whole job.
NEW_SESSIONS = True
# the agent's per-request thread-local (request id, environment overlay, tty_fd); set by agent.py
_request_local = None
NO_LOG_PLACEHOLDER = 'VALUE_SPECIFIED_IN_NO_LOG_PARAMETER'

BOOLEANS_TRUE = frozenset(('y', 'yes', 'on', '1', 'true', 't', 1, 1.0, True))
BOOLEANS_FALSE = frozenset(('n', 'no', 'off', '0', 'false', 'f', 0, 0.0, False))
# NOTE: Ansible prints its frozenset of booleans in Python's set order, which string hash
# randomization changes from run to run; 1/1.0/True (and 0/0.0/False) count once.
_BOOLEANS_REPR = "'y', 'yes', 'on', '1', 'true', 't', 1, 'n', 'no', 'off', '0', 'false', 'f', 0"

# The common file arguments every file-writing module accepts (add_file_common_args).
FILE_COMMON_ARGUMENTS = {
    'mode': {'type': 'raw'},
    'owner': {'type': 'str'},
    'group': {'type': 'str'},
    'seuser': {'type': 'str'},
    'serole': {'type': 'str'},
    'selevel': {'type': 'str'},
    'setype': {'type': 'str'},
    'attributes': {'type': 'str', 'aliases': ['attr']},
    'unsafe_writes': {'type': 'bool', 'default': False},
}


class ModuleFailed(Exception):
    """Raised by ctx.fail: carries the failed result dict."""

    def __init__(self, result):
        Exception.__init__(self, result.get('msg', ''))
        self.result = result


class ModuleExit(Exception):
    """Raised by ctx.exit: ends the module early with a (non-failed) result."""

    def __init__(self, result):
        Exception.__init__(self, 'exit')
        self.result = result


# ---------------------------------------------------------------------------------------------
# Conversions (Ansible's check_type_* semantics)
# ---------------------------------------------------------------------------------------------

def boolean(value, strict=True):
    if isinstance(value, bool):
        return value
    normalized = value
    if isinstance(value, bytes):
        normalized = value.decode('utf-8', 'surrogateescape')
    if isinstance(normalized, str):
        normalized = normalized.lower().strip()
    try:
        hash(normalized)
    except TypeError:
        normalized = None
    if normalized in BOOLEANS_TRUE:
        return True
    if normalized in BOOLEANS_FALSE or not strict:
        return False
    raise TypeError("The value '%s' is not a valid boolean. Valid booleans include: %s" % (_text(value), _BOOLEANS_REPR))


def _text(value):
    if isinstance(value, bytes):
        return value.decode('utf-8', 'surrogateescape')
    return str(value)


def _check_str(value):
    if isinstance(value, str):
        return value
    if value is None:
        # NOTE: 2.19 keeps the pre-2.19 habit of None -> '' for str options.
        return ''
    if isinstance(value, bytes):
        return value.decode('utf-8', 'surrogateescape')
    return str(value)


def _check_list(value):
    if isinstance(value, list):
        return value
    if isinstance(value, str):
        # NOTE: Ansible splits a string on commas for list options (legacy behaviour kept in 2.19).
        return value.split(',')
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return [str(value)]
    if isinstance(value, bool):
        return [str(value)]
    raise TypeError('%s cannot be converted to a list' % type(value))


def _check_dict(value):
    if isinstance(value, dict):
        return value
    if isinstance(value, str):
        if value.startswith('{'):
            try:
                return json.loads(value)
            except Exception:
                try:
                    import ast
                    result = ast.literal_eval(value)
                except Exception:
                    result = None
                if isinstance(result, dict):
                    return result
                raise TypeError('unable to evaluate string as dictionary')
        if '=' in value:
            fields = []
            buf = []
            in_quote = False
            in_escape = False
            for c in value.strip():
                if in_escape:
                    buf.append(c)
                    in_escape = False
                elif c == '\\':
                    in_escape = True
                elif not in_quote and c in ('\'', '"'):
                    in_quote = c
                elif in_quote and in_quote == c:
                    in_quote = False
                elif not in_quote and c in (',', ' '):
                    field = ''.join(buf)
                    if field:
                        fields.append(field)
                    buf = []
                else:
                    buf.append(c)
            field = ''.join(buf)
            if field:
                fields.append(field)
            try:
                return dict(x.split('=', 1) for x in fields)
            except ValueError:
                raise TypeError('unable to evaluate string in the "key=value" format as dictionary')
        raise TypeError('dictionary requested, could not parse JSON or key=value')
    raise TypeError('%s cannot be converted to a dict' % type(value))


def _check_bool(value):
    if isinstance(value, bool):
        return value
    if isinstance(value, (str, bytes, int, float)):
        return boolean(value)
    raise TypeError('%s cannot be converted to a bool' % type(value))


def _check_int(value):
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, bool):
        return int(value)
    import decimal
    try:
        dec = decimal.Decimal(value)
        as_int = int(dec)
        if dec != as_int:
            raise ValueError('Significant decimal part found')
        return as_int
    except (decimal.DecimalException, TypeError, ValueError):
        raise TypeError('"%r" cannot be converted to an int' % (value,))


def _check_float(value):
    if isinstance(value, float):
        return value
    try:
        return float(value)
    except (TypeError, ValueError):
        raise TypeError('%s cannot be converted to a float' % type(value))


def _check_path(value):
    return os.path.expanduser(os.path.expandvars(_check_str(value)))


def _check_raw(value):
    return value


_SIZE_UNITS = {'B': 0, 'K': 1, 'M': 2, 'G': 3, 'T': 4, 'P': 5, 'E': 6, 'Z': 7, 'Y': 8}


def human_to_bytes(value, default_unit=None, isbits=False):
    m = re.search(r'^\s*(\d*\.?\d*)\s*([A-Za-z]+)?', str(value), flags=re.IGNORECASE)
    if m is None or m.group(1) == '':
        raise ValueError("human_to_bytes() can't interpret following string: %s" % str(value))
    num = float(m.group(1))
    unit = m.group(2) or default_unit
    if unit is None:
        return int(round(num))
    letter = unit[0].upper()
    if letter not in _SIZE_UNITS:
        raise ValueError("human_to_bytes() failed to convert %s. Value is not a valid string" % value)
    return int(round(num * (1 << (10 * _SIZE_UNITS[letter]))))


def _check_bytes(value):
    try:
        return human_to_bytes(value)
    except ValueError:
        raise TypeError('%s cannot be converted to a Byte value' % type(value))


def _check_bits(value):
    try:
        return human_to_bytes(value, isbits=True)
    except ValueError:
        raise TypeError('%s cannot be converted to a Bit value' % type(value))


def _check_jsonarg(value):
    if isinstance(value, (str, bytes)):
        return value.strip()
    if isinstance(value, (list, tuple, dict)):
        return json.dumps(value)
    raise TypeError('%s cannot be converted to a json string' % type(value))


TYPE_CHECKERS = {
    'str': _check_str,
    'list': _check_list,
    'dict': _check_dict,
    'bool': _check_bool,
    'int': _check_int,
    'float': _check_float,
    'path': _check_path,
    'raw': _check_raw,
    'jsonarg': _check_jsonarg,
    'json': _check_jsonarg,
    'bytes': _check_bytes,
    'bits': _check_bits,
}


def _hashable(value):
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _type_name(value):
    """Python's type name as Ansible's messages print it (native_type_name)."""
    if value is None:
        return 'NoneType'
    if isinstance(value, bool):
        return 'bool'
    if isinstance(value, int):
        return 'int'
    if isinstance(value, float):
        return 'float'
    if isinstance(value, str):
        return 'str'
    if isinstance(value, list):
        return 'list'
    if isinstance(value, dict):
        return 'dict'
    return type(value).__name__


# ---------------------------------------------------------------------------------------------
# Argument validation (AnsibleModule's ArgumentSpecValidator, top level options)
# ---------------------------------------------------------------------------------------------

# each backup's number (see Context.backup_local)
_BACKUP_COUNT = itertools.count()


class ValidationResult(object):
    def __init__(self):
        self.params = {}
        self.errors = []
        self.no_log_values = set()
        self.warnings = []
        self.deprecations = []
        self.aliases = {}


def _count_terms(terms, params):
    if isinstance(terms, str):
        terms = [terms]
    return len(set(terms).intersection(params))


def _present(params, key):
    return key in params and params[key] is not None


def _no_log_walk(spec, params):
    """Ansible's walk for no_log values (before it checks anything): down every option with
    sub-options (each element of a list of dicts), a string read as a dict, anything else that is
    no dict refused. Raises TypeError at the first it cannot take."""
    for key, opt in spec.items():
        sub = opt.get('options')
        value = params.get(key)
        wanted = opt.get('type')
        if sub is None or value is None:
            continue
        if not (wanted == 'dict' or (wanted == 'list' and opt.get('elements', '') == 'dict')):
            continue
        for item in (value if isinstance(value, list) else [value]):
            if isinstance(item, str):
                item = _check_dict(item)
            if not isinstance(item, dict):
                raise TypeError("Value '%s' in the sub parameter field '%s' must be a %s, not '%s'"
                                % (item, key, wanted, type(item).__name__))
            _no_log_walk(sub, item)


def validate_arguments(name, spec, args, mutually_exclusive=(), required_together=(), required_one_of=(),
                       required_if=(), required_by=None, context=(), prefix=None):
    """Validates and defaults `args` against an Ansible argument spec.

    `context`: the option names above a sub-spec (`options:` of a dict option), which its
    messages name as ansible's do ("missing required arguments: b found in conf"); `prefix`: how
    ansible's warnings name a sub-option's keys (`users[1].`), None at the top.
    Returns a ValidationResult; `errors[0]` (when any) is the message the module fails with.
    """
    res = ValidationResult()
    params = dict(args)
    res.params = params

    # fallbacks (env_fallback only)
    for key, opt in spec.items():
        fb = opt.get('fallback')
        if key in params or not fb:
            continue
        strategy = fb[0]
        fb_args = fb[1] if len(fb) > 1 else ()
        if strategy == 'env' or getattr(strategy, '__name__', '') == 'env_fallback':
            for var in fb_args:
                if var in os.environ:
                    params[key] = os.environ[var]
                    if opt.get('no_log'):
                        res.no_log_values.add(params[key])
                    break

    # aliases: the canonical key takes the alias's value; the alias key stays in params.
    legal = []
    for key, opt in spec.items():
        legal.append(key)
        aliases = opt.get('aliases') or []
        for alias in aliases:
            legal.append(alias)
            res.aliases[alias] = key
            if alias in params:
                if key in params:
                    res.warnings.append('Both option %s%s and its alias %s%s are set.' % (prefix or '', key, prefix or '', alias))
                params[key] = params[alias]

    try:
        _no_log_walk(spec, params)
    except TypeError as e:
        res.errors.append(('no_log', str(e)))

    # no_log values
    for key, opt in spec.items():
        if opt.get('no_log') and params.get(key) is not None:
            value = params[key]
            if isinstance(value, dict):
                res.no_log_values.update(str(v) for v in value.values())
            elif isinstance(value, (list, tuple)):
                res.no_log_values.update(str(v) for v in value)
            else:
                res.no_log_values.add(_text(value))

    # options the spec marks for removal, when given (an alias counts): deprecated as the validator
    # finds them, before any check can fail the arguments
    for key, opt in spec.items():
        if key in params and (opt.get('removed_in_version') is not None or opt.get('removed_at_date') is not None):
            res.deprecations.append({'msg': "Param '%s' is deprecated. See the module docs for more information" % key,
                                     'version': opt.get('removed_in_version'), 'date': opt.get('removed_at_date'),
                                     'collection_name': opt.get('removed_from_collection')})

    found_in = ' found in %s' % ' -> '.join(context) if context else ''
    unsupported = [k for k in params if k not in legal and not k.startswith('_ansible_')]
    if unsupported:
        supported = sorted(spec.keys())
        alias_names = sorted(res.aliases.keys())
        text = ', '.join(supported)
        if alias_names:
            text += ' (%s)' % ', '.join(alias_names)
        shown = sorted('.'.join(tuple(context) + (k,)) for k in unsupported)
        res.errors.append(('unsupported', '%s. Supported parameters include: %s.' % (', '.join(shown), text)))

    # NOTE: one error naming every group that has more than one of its options set, as 2.19 words it
    clashes = ['|'.join(group) for group in mutually_exclusive or () if _count_terms(group, params) > 1]
    if clashes:
        res.errors.append(('mutually_exclusive', 'parameters are mutually exclusive: %s%s' % (', '.join(clashes), found_in)))

    # defaults that are not None first (as _set_defaults(..., False))
    for key, opt in spec.items():
        if key not in params and opt.get('default') is not None:
            params[key] = opt['default']

    missing = [k for k, opt in spec.items() if opt.get('required') and k not in params]
    if missing:
        res.errors.append(('required', 'missing required arguments: %s%s' % (', '.join(sorted(missing)), found_in)))

    for key, opt in spec.items():
        wanted = opt.get('type', 'str')
        if key not in params:
            continue
        value = params[key]
        # NOTE: None passes unchecked only for an option with no default, as 2.19 validates
        if value is None and not opt.get('required') and opt.get('default') is None:
            continue
        checker = TYPE_CHECKERS.get(wanted) if isinstance(wanted, str) else wanted
        if checker is None:
            continue
        try:
            params[key] = checker(value)
        except (TypeError, ValueError) as e:
            res.errors.append(('type', "argument '%s' is of type %s%s and we were unable to convert to %s: %s"
                               % (key, _type_name(value), " found in '%s'." % ' -> '.join(context) if context else '',
                                  wanted if isinstance(wanted, str) else getattr(wanted, '__name__', 'raw'), e)))
            continue
        elements = opt.get('elements')
        if elements and wanted == 'list' and isinstance(params[key], list):
            elem_checker = TYPE_CHECKERS.get(elements)
            if elem_checker is not None:
                # an element that cannot be converted is left out, as ansible keeps only those it converted
                converted = []
                for item in params[key]:
                    try:
                        converted.append(elem_checker(item))
                    except (TypeError, ValueError) as e:
                        res.errors.append(('type', "Elements value for option '%s'%s is of type %s and we were unable to convert to %s: %s"
                                           % (key, " found in '%s'" % ' -> '.join(context) if context else '',
                                              _type_name(item), elements, e)))
                params[key] = converted

    for key, opt in spec.items():
        choices = opt.get('choices')
        if not choices or key not in params or params[key] is None:
            continue
        value = params[key]
        if isinstance(value, list):
            diff = [v for v in value if v not in choices]
            if diff:
                res.errors.append(('value', 'value of %s must be one or more of: %s. Got no match for: %s%s'
                                   % (key, ', '.join(str(c) for c in choices), ', '.join(str(d) for d in diff), found_in)))
        elif value not in choices:
            # NOTE: a YAML boolean given to a str option arrives as 'True'/'False'; Ansible maps it
            # back to the one choice that means the same boolean ('1', 'yes' …), when exactly one does.
            if value in ('True', 'False'):
                same = [c for c in choices if _hashable(c) and c in (BOOLEANS_TRUE if value == 'True' else BOOLEANS_FALSE)]
                if len(set(same)) == 1:
                    value = params[key] = same[0]
            if value not in choices:
                res.errors.append(('value', 'value of %s must be one of: %s, got: %s%s'
                                   % (key, ', '.join(str(c) for c in choices), value, found_in)))

    for group in required_together or ():
        counts = [_count_terms(t, params) for t in group]
        if sum(counts) > 0 and 0 in counts:
            res.errors.append(('required_together', 'parameters are required together: %s%s' % (', '.join(group), found_in)))
    for group in required_one_of or ():
        if _count_terms(group, params) == 0:
            res.errors.append(('required_one_of', 'one of the following is required: %s%s' % (', '.join(group), found_in)))
    for req in required_if or ():
        key, val, reqs = req[0], req[1], req[2]
        any_of = len(req) > 3 and req[3]
        if key in params and params[key] == val:
            missing_req = [r for r in reqs if not _present(params, r)]
            if (any_of and len(missing_req) == len(reqs)) or (not any_of and missing_req):
                res.errors.append(('required_if', '%s is %s but %s of the following are missing: %s%s'
                                   % (key, val, 'any' if any_of else 'all', ', '.join(missing_req), found_in)))
    for key, reqs in (required_by or {}).items():
        if not _present(params, key):
            continue
        if isinstance(reqs, str):
            reqs = [reqs]
        missing_by = [r for r in reqs if not _present(params, r)]
        if missing_by:
            res.errors.append(('required_by', "missing parameter(s) required by '%s': %s%s" % (key, ', '.join(missing_by), found_in)))

    _validate_sub_specs(name, spec, params, res, context, prefix)

    # the remaining defaults (None included)
    for key, opt in spec.items():
        if key not in params:
            params[key] = opt.get('default')
    return res


def _validate_sub_specs(name, spec, params, res, context, prefix=None):
    """The `options:` of dict options (and of lists of dicts), each value validated and defaulted
    against its sub-spec, after the options around it (ansible's _validate_sub_spec)."""
    for key, opt in spec.items():
        sub = opt.get('options')
        if not sub or (key not in params and not opt.get('apply_defaults')):
            continue
        if params.get(key) is None:
            if not opt.get('apply_defaults'):
                continue
            params[key] = {}
        value = params[key]
        items = value if isinstance(value, list) else [value]
        for index, item in enumerate(items):
            if not isinstance(item, dict):
                res.errors.append(('type', "value of '%s' must be of type dict or list of dicts" % key))
                continue
            item_prefix = '%s%s%s.' % (prefix or '', key, '[%d]' % index if opt.get('type') == 'list' else '')
            sub_res = validate_arguments(
                name, sub, item, mutually_exclusive=opt.get('mutually_exclusive') or (),
                required_together=opt.get('required_together') or (), required_one_of=opt.get('required_one_of') or (),
                required_if=opt.get('required_if') or (), required_by=opt.get('required_by'),
                context=tuple(context) + (key,), prefix=item_prefix)
            items[index] = sub_res.params
            res.errors.extend(sub_res.errors)
            res.warnings.extend(sub_res.warnings)
            res.deprecations.extend(sub_res.deprecations)
            res.no_log_values.update(sub_res.no_log_values)
        if not isinstance(value, list):
            params[key] = items[0]


def remove_values(value, no_log_strings):
    """Masks no_log values anywhere in a result (Ansible's remove_values)."""
    if not no_log_strings:
        return value
    strings = sorted((_text(s) for s in no_log_strings), key=len, reverse=True)

    def walk(v):
        if isinstance(v, str):
            if v in strings:
                return NO_LOG_PLACEHOLDER
            for s in strings:
                v = v.replace(s, '*' * 8)
            return v
        if v is True or v is False or v is None:
            return v
        if isinstance(v, dict):
            return dict((k, walk(x)) for k, x in v.items())
        if isinstance(v, (list, tuple, set)):
            return [walk(x) for x in v]
        if isinstance(v, (int, float)):
            if str(v) in strings:
                return NO_LOG_PLACEHOLDER
            return v
        return v
    return walk(value)


# ---------------------------------------------------------------------------------------------
# Modes
# ---------------------------------------------------------------------------------------------

_MODE_OPERATOR_RE = re.compile(r'[-+=]')
_SPECIAL_BIT = {'u': stat.S_ISUID, 'g': stat.S_ISGID, 'o': stat.S_ISVTX}
_SHIFT = {'u': 6, 'g': 3, 'o': 0}


def _perm_bits(user, perms, cur_mode, is_dir, umask):
    """The bits `perms` stands for in `user`'s class. NOTE: as 2.19's, the umask (of a clause with no
    users) only takes r, w and x away: X, s, t and a class copied (`g=u`) are given whole."""
    bits = 0
    for p in perms:
        if p in 'rwx':
            bits |= ({'r': 4, 'w': 2, 'x': 1}[p] << _SHIFT[user]) & ~umask
        elif p == 'X':
            if is_dir or (cur_mode & (stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)):
                bits |= 1 << _SHIFT[user]
        elif p == 's':
            bits |= _SPECIAL_BIT[user] if user != 'o' else 0
        elif p == 't':
            bits |= stat.S_ISVTX if user == 'o' else 0
        else:
            # another class's permissions (u, g or o), as they stand now
            bits |= ((cur_mode >> _SHIFT[p]) & 7) << _SHIFT[user]
    return bits


def symbolic_mode_to_octal(path_stat, symbolic_mode):
    """chmod's symbolic modes as 2.19's modules read them. Each comma-separated clause is its users
    (none: all, under the umask; `a`: all) and then any number of operators each followed by its
    permissions: `u=rw-x+X`, `g=u-w`, `o=gr`; a clause of users alone changes nothing."""
    new_mode = stat.S_IMODE(path_stat.st_mode)
    is_dir = stat.S_ISDIR(path_stat.st_mode)
    umask = os.umask(0)
    os.umask(umask)
    for clause in symbolic_mode.split(','):
        pieces = _MODE_OPERATOR_RE.split(clause)
        operators = _MODE_OPERATOR_RE.findall(clause)
        who = pieces[0]
        users = 'ugo' if who in ('', 'a') else who
        # NOTE: `$` as Python's (a final newline passes), since 2.19 checks with the same patterns
        if not re.match(r'^[ugo]+$', users):
            raise ValueError("bad symbolic permission for mode: %s" % clause)
        for operator, perms in zip(operators, pieces[1:]):
            if not re.match(r'^[rwxXstugo]*$', perms):
                raise ValueError("bad symbolic permission for mode: %s" % clause)
            for user in users:
                bits = _perm_bits(user, perms, new_mode, is_dir, umask if who == '' else 0)
                if operator == '=':
                    new_mode = (new_mode & ~((7 << _SHIFT[user]) | _SPECIAL_BIT[user])) | bits
                elif operator == '+':
                    new_mode |= bits
                else:
                    new_mode &= ~bits
    return new_mode


# ---------------------------------------------------------------------------------------------
# The module context
# ---------------------------------------------------------------------------------------------

_HASH_ALGORITHMS = None


def _hash_algorithms():
    """The names a module may hash with, as ansible's AVAILABLE_HASH_ALGORITHMS: each of
    hashlib.algorithms_available that hashlib has as a constructor and that works here (md5 is
    refused under FIPS), in that set's order."""
    global _HASH_ALGORITHMS
    if _HASH_ALGORITHMS is None:
        table = {}
        for name in hashlib.algorithms_available:
            func = getattr(hashlib, name, None)
            if func:
                try:
                    func()
                except Exception:
                    continue
                table[name] = func
        _HASH_ALGORITHMS = table
    return _HASH_ALGORITHMS


def missing_required_lib(library, reason=None, url=None):
    """AnsibleModule's missing_required_lib message, for modules whose host library is missing."""
    msg = "Failed to import the required Python library (%s) on %s's Python %s." % (library, os.uname()[1], sys.executable)
    if reason:
        msg += " This is required %s." % reason
    if url:
        msg += " See %s for more info." % url
    return msg + (" Please read the module documentation and install it in the appropriate location."
                  " If the required library is installed, but Ansible is using the wrong Python interpreter,"
                  " please consult the documentation on ansible_python_interpreter")


def deprecation_dict(msg, version, date, collection_name, module_name, default_collection):
    """A module's deprecation as 2.19's controller gives it to playbooks: msg, collection_name, its
    version or date, and the deprecator (the collection given, else the calling module)."""
    if collection_name is not None:
        deprecator = {'resolved_name': collection_name, 'type': None}
    else:
        resolved = module_name if module_name.count('.') >= 2 else default_collection + '.' + module_name
        collection_name = '.'.join(resolved.split('.')[:2])
        deprecator = {'resolved_name': resolved, 'type': 'module'}
    dep = {'msg': msg, 'collection_name': collection_name}
    if date is not None:
        dep['date'] = date
    else:
        dep['version'] = version
    dep['deprecator'] = deprecator
    return dep



# lsattr's flag letters by the names ansible's stat and file modules give them
FILE_ATTRIBUTES = {
    'A': 'noatime', 'a': 'append', 'c': 'compressed', 'C': 'nocow', 'd': 'nodump', 'D': 'dirsync',
    'e': 'extents', 'E': 'encrypted', 'h': 'blocksize', 'i': 'immutable', 'I': 'indexed', 'j': 'journalled',
    'N': 'inline', 's': 'zero', 'S': 'synchronous', 't': 'notail', 'T': 'blockroot', 'u': 'undelete',
    'X': 'compressedraw', 'Z': 'compresseddirty',
}


# The ioctls e2fsprogs' lsattr makes (_IOR('f', 1, long), _IOR('v', 1, long) as x86-64 and arm64
# number them), and the flags it prints that every e2fsprogs since 1.41 prints, in its order.
_FS_IOC_GETFLAGS = 0x80086601
_FS_IOC_GETVERSION = 0x80087601
_LSATTR_COMMON_FLAGS = ((0x1000, 'I'), (0x80000, 'e'))
_LSATTR_COMMON_MASK = 0x1000 | 0x80000
_E2FSPROGS_LSATTR = ('/usr/bin/lsattr', '/bin/lsattr', '/usr/sbin/lsattr', '/sbin/lsattr')


def _ioctl_attributes(lsattr, path, include_version):
    """What `lsattr -vd path` would report, asked of the kernel directly; None to run lsattr.

    NOTE: running lsattr costs a fork, an exec and its libraries (~1 ms of CPU) on every stat.
    The answer is the same only for what every e2fsprogs lsattr prints alike, so anything else
    runs the program: another lsattr (busybox), another architecture, a file that is not a
    regular file or directory, an ioctl the filesystem refuses, or a flag outside the common set.
    """
    if os.uname()[4] not in ('x86_64', 'aarch64') or os.path.realpath(lsattr) not in _E2FSPROGS_LSATTR:
        return None
    try:
        st = os.lstat(path)
        if not (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)):
            return None
        import fcntl
        import struct
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, 'O_NOFOLLOW', 0))
        try:
            flags = struct.unpack('I', fcntl.ioctl(fd, _FS_IOC_GETFLAGS, b'\0' * 8)[:4])[0]
            version = struct.unpack('I', fcntl.ioctl(fd, _FS_IOC_GETVERSION, b'\0' * 8)[:4])[0] if include_version else None
        finally:
            os.close(fd)
    except (OSError, IOError, ImportError):
        return None
    if flags & ~_LSATTR_COMMON_MASK:
        return None
    output = {}
    if include_version:
        output['version'] = str(version)
    output['attr_flags'] = ''.join(letter for bit, letter in _LSATTR_COMMON_FLAGS if flags & bit)
    output['attributes'] = format_attributes(output['attr_flags'])
    return output


def format_attributes(flags):
    """The names of the flags (letters without a name are left out, as ansible does)."""
    return [FILE_ATTRIBUTES[f] for f in flags if f in FILE_ATTRIBUTES]


class Context(object):
    """What a module's run(params, ctx) may use. One per module invocation."""

    def __init__(self, module_name, params=None, check_mode=False, diff_mode=False, environ=None,
                 no_log_values=None, remote_tmp=None):
        self.module_name = module_name
        self.params = params if params is not None else {}
        self.check_mode = bool(check_mode)
        self.diff_mode = bool(diff_mode)
        self.environ = environ
        self.no_log_values = set(no_log_values or ())
        self.warnings = []
        # The exception behind a warning, by the warning's text (see error_as_warning).
        self.warning_causes = []
        self.deprecations = []
        self._tmpdir = None
        self._remote_tmp = remote_tmp
        # where the task's temp folder is (see run_module's task_tmp, own_tmp), and while settle_cwd runs
        self._task_base = getattr(_task_tmp, 'base', None)
        self._own_tmp = getattr(_task_tmp, 'own', False)
        self._settling = False
        self._quiet_tmp = False
        self._cleanup_files = []
        self.aliases = {}

    # -- results ---------------------------------------------------------------------------
    def fail(self, msg, **kwargs):
        result = dict(kwargs)
        result['failed'] = True
        result['msg'] = msg
        raise ModuleFailed(result)

    def exit(self, **kwargs):
        raise ModuleExit(dict(kwargs))

    def warn(self, msg):
        self.warnings.append(msg)

    def error_as_warning(self, msg, error, while_handling=False):
        """AnsibleModule.error_as_warning: the result's warning reads "msg: error"; the controller
        shows the error as the warning's cause. while_handling: raised inside an `except` block, so
        2.19 shows the cause apart, after "<<< caused by >>>", instead of on the warning's line."""
        text = '%s: %s' % (msg.rstrip('. '), error)
        self.warnings.append(text)
        self.warning_causes.append({'text': text, 'msg': msg, 'cause': str(error), 'while_handling': while_handling})

    def deprecate(self, msg, version=None, date=None, collection_name=None):
        self.deprecations.append(deprecation_dict(msg, version, date, collection_name, self.module_name, 'ansible.builtin'))

    def boolean(self, value):
        return boolean(value)

    # -- temp files --------------------------------------------------------------------------
    @property
    def tmpdir(self):
        """AnsibleModule.tmpdir. With pipelining off 2.19 hands the module the task's own temp
        folder (ansible-tmp-…, made by the login user under its remote_tmp, or under /var/tmp for
        an unprivileged become user); else, or when becoming an unprivileged user, the module makes
        ansible-moduletmp-… under remote_tmp as whoever it runs as, and warns when it had to make
        remote_tmp itself."""
        if self._tmpdir is None:
            if self._own_tmp:
                self._tmpdir = self._own_tmpdir()
            else:
                self._tmpdir = make_task_tmp(ensure_task_tmp_base(self._task_base or '~/.ansible/tmp'))
        return self._tmpdir

    def _own_tmpdir(self):
        base = os.path.expanduser(os.path.expandvars(self._remote_tmp or '~/.ansible/tmp'))
        if not os.path.exists(base):
            try:
                os.makedirs(base, mode=0o700)
            except OSError as e:
                if not self._quiet_tmp:
                    # NOTE: from settle_cwd 2.19 asks for its tmpdir while handling the unreadable cwd's exception.
                    self.error_as_warning("Unable to use %r as temporary directory, falling back to system default." % base,
                                          e, while_handling=self._settling)
                base = None
            else:
                if not self._quiet_tmp:
                    self.warn('Module remote_tmp %s did not exist and was created with a mode of 0700, this may cause'
                              ' issues when running as another user. To avoid this, create the remote_tmp dir with'
                              ' the correct permissions manually' % base)
        return tempfile.mkdtemp(prefix='ansible-moduletmp-%s-' % time.time(), dir=base)

    def settle_cwd(self, warn=True):
        """AnsibleModule's _set_cwd: a module that may not read its working folder (become to
        another user, started from root's home) moves into its tmpdir, else $HOME, else /tmp.
        warn=False when 2.19 runs another module first (its warning is dropped by the action)."""
        try:
            if os.access(os.getcwd(), os.F_OK | os.R_OK):
                return
        except OSError:
            pass
        self._settling, self._quiet_tmp = True, not warn
        try:
            for candidate in (lambda: self.tmpdir, lambda: os.path.expandvars('$HOME'), tempfile.gettempdir):
                try:
                    path = candidate()
                    if os.access(path, os.F_OK | os.R_OK):
                        os.chdir(path)
                        return
                except Exception:
                    pass
        finally:
            self._settling = self._quiet_tmp = False

    def add_cleanup_file(self, path):
        if path not in self._cleanup_files:
            self._cleanup_files.append(path)

    def cleanup(self):
        for path in self._cleanup_files:
            try:
                if os.path.isdir(path) and not os.path.islink(path):
                    shutil.rmtree(path, ignore_errors=True)
                else:
                    os.unlink(path)
            except OSError:
                pass
        self._cleanup_files = []
        if self._tmpdir is not None:
            shutil.rmtree(self._tmpdir, ignore_errors=True)
            self._tmpdir = None

    # -- commands -------------------------------------------------------------------------
    def best_parsable_locale(self, preferences=('C.utf8', 'C.UTF-8', 'en_US.utf8', 'en_US.UTF-8', 'C', 'POSIX')):
        """Ansible's get_best_parsable_locale: the first preference `locale -a` lists, else C
        (modules that read a command's output run it in this locale)."""
        locale_bin = self.get_bin_path('locale')
        if not locale_bin:
            return 'C'
        rc, out, _ = self.run_command([locale_bin, '-a'])
        available = out.strip().splitlines() if rc == 0 else []
        return next((pref for pref in preferences if pref in available), 'C')

    def get_bin_path(self, name, required=False, opt_dirs=()):
        paths = []
        for d in opt_dirs or ():
            if d and os.path.isdir(d):
                paths.append(d)
        # NOTE: the task's environment: is the module's environment in ansible, PATH included
        paths.extend((self.environ or {}).get('PATH', os.environ.get('PATH', '')).split(os.pathsep))
        for extra in ('/sbin', '/usr/sbin', '/usr/local/sbin'):
            if extra not in paths and os.path.isdir(extra):
                paths.append(extra)
        for d in paths:
            if not d:
                continue
            candidate = os.path.join(d, name)
            if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
                return candidate
        if required:
            self.fail('Failed to find required executable "%s" in paths: %s' % (name, os.pathsep.join(paths)))
        return None

    def run_command(self, args, check_rc=False, data=None, cwd=None, use_unsafe_shell=False,
                    environ_update=None, executable=None, binary_data=False, encoding='utf-8',
                    errors='surrogate_or_strict', prompt_regex=None, path_prefix=None,
                    umask=None, expand_user_and_vars=True, close_fds=True, before_communicate_callback=None,
                    ignore_invalid_cwd=True, handle_exceptions=True):
        """AnsibleModule.run_command: returns (rc, stdout, stderr) as text (bytes when encoding is None)."""
        if isinstance(args, (list, tuple)):
            # NOTE: as ansible, None items are dropped
            args = [_text(a) for a in args if a is not None]
        # what a failure shows as cmd: the command as ansible ran it (expanded, or with its shell)
        cmd_shown = args
        if use_unsafe_shell:
            if isinstance(args, list):
                args = ' '.join(shlex.quote(a) for a in args)
            shell = executable or '/bin/sh'
            argv = [shell, '-c', args]
            cmd_shown = argv if executable else args
        else:
            if isinstance(args, str):
                argv = shlex.split(args)
            elif isinstance(args, list):
                argv = list(args)
            else:
                self.fail('Argument \'args\' to run_command must be list or string')
            if expand_user_and_vars:
                argv = [os.path.expanduser(os.path.expandvars(a)) for a in argv]
            cmd_shown = list(argv)
            if executable:
                argv = [executable] + argv[1:] if argv else [executable]
        env = None
        # NOTE: with nothing to add the child inherits the agent's environment as it is (a task's
        # `environment:` is merged in by the agent's Popen hook): copying and re-encoding every
        # variable for each command was ~4% of the agent's CPU in bench's `long`.
        if self.environ or environ_update or path_prefix:
            env = os.environ.copy()
            if self.environ:
                env.update(self.environ)
            if environ_update:
                env.update(environ_update)
            if path_prefix:
                env['PATH'] = '%s:%s' % (path_prefix, env.get('PATH', ''))
        if cwd is not None:
            cwd = os.path.expanduser(os.path.expandvars(cwd))
            if not os.path.isdir(cwd):
                if not ignore_invalid_cwd:
                    self.fail('Provided cwd is not a valid directory: %s' % cwd)
                cwd = None
        stdin_bytes = None
        if data is not None:
            if isinstance(data, str):
                stdin_bytes = data.encode('utf-8', 'surrogateescape')
            else:
                stdin_bytes = data
            if not binary_data:
                stdin_bytes += b'\n'

        preexec = None
        if umask is not None:
            def preexec():
                os.umask(umask)
        try:
            # NOTE: a new session per command lets the agent kill the whole process group when a
            # task times out or is cancelled (shell pipelines included).
            # NOTE: under 2.19's `ssh -tt` a command inherits the module's stdin, the session's tty,
            # where a read waits (`cat` runs into the task's timeout); otherwise stdin is at its end.
            tty_fd = getattr(_request_local, 'tty_fd', None)
            idle_stdin = subprocess.DEVNULL if tty_fd is None else tty_fd
            proc = subprocess.Popen(argv, stdin=subprocess.PIPE if stdin_bytes is not None else idle_stdin,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, env=env,
                                    close_fds=close_fds, preexec_fn=preexec, start_new_session=NEW_SESSIONS)
        except (OSError, IOError) as e:
            if not handle_exceptions:
                raise
            # NOTE: ansible passes argv as bytes, so its error names the file as b'...'; the
            # controller shows this under "Error executing command." as the exception's cause.
            name = e.filename
            shown = ('b' + repr(name)) if isinstance(name, str) else repr(name)
            cause = '[Errno %s] %s: %s' % (e.errno, e.strerror, shown) if name is not None else str(e)
            # NOTE: in fail_json's order (rc, stdout, stderr, cmd): a registered result keeps it
            self.fail('Error executing command.', rc=e.errno, stdout='', stderr='', cmd=_cmd_text(cmd_shown), _volant_cause=cause)
            raise  # unreachable
        if before_communicate_callback:
            before_communicate_callback(proc)
        out, err = proc.communicate(stdin_bytes)
        rc = proc.returncode
        if encoding is not None:
            err_mode = 'surrogateescape' if errors.startswith('surrogate') else errors
            out = out.decode(encoding, err_mode)
            err = err.decode(encoding, err_mode)
        if rc != 0 and check_rc:
            # NOTE: a command that failed saying nothing on stderr fails with an empty msg, as in ansible
            msg = log_sanitize(err.rstrip()) if isinstance(err, str) else ''
            self.fail(msg, cmd=_cmd_text(cmd_shown), rc=rc, stdout=out, stderr=err)
        return rc, out, err

    # -- files ----------------------------------------------------------------------------
    def sha1(self, path):
        return self.digest_from_file(path, 'sha1')

    def md5(self, path):
        return self.digest_from_file(path, 'md5')

    def sha256(self, path):
        return self.digest_from_file(path, 'sha256')

    def digest_from_file(self, path, algorithm):
        if not os.path.exists(path):
            return None
        if os.path.isdir(path):
            self.fail('attempted to take checksum of directory: %s' % path)
        if isinstance(algorithm, str):
            # NOTE: ansible looks the name up in its own table (hashlib's attributes among
            # algorithms_available), not hashlib.new's: 'SHA256' or 'sha512_256' fail there.
            table = _hash_algorithms()
            if algorithm not in table:
                self.fail("Could not hash file '%s' with algorithm '%s'. Available algorithms: %s"
                          % (path, algorithm, ', '.join(table)))
            h = table[algorithm]()
        else:
            h = algorithm()
        with open(path, 'rb') as f:
            while True:
                chunk = f.read(1024 * 1024)
                if not chunk:
                    break
                h.update(chunk)
        return h.hexdigest()

    def backup_local(self, path):
        """Copies `path` to `path.PID.YYYY-MM-DD@HH:MM:SS~` and returns the backup's name ('' if no file)."""
        if not os.path.exists(path):
            return ''
        ext = time.strftime('%Y-%m-%d@%H:%M:%S~', time.localtime(time.time()))
        # NOTE: ansible names a backup by its module process's pid, new for every task, so two backups
        # of a file within a second both stay; this agent's pid is the same for all, hence a count.
        backupdest = '%s.%s.%s' % (path, os.getpid() + next(_BACKUP_COUNT), ext)
        # NOTE: 2.19 names the backup in check mode too (a result shows it) but makes none
        if self.check_mode:
            return backupdest
        try:
            shutil.copy2(path, backupdest)
        except (shutil.Error, IOError, OSError) as e:
            # NOTE: 2.19 raises here (from the OS error): the module crashes with both texts
            self.fail('Task failed: Module failed: Could not make backup of %r to %r: %s' % (path, backupdest, e),
                      exception='(traceback unavailable)')
        return backupdest

    def atomic_move(self, src, dest, unsafe_writes=False, keep_dest_attrs=True):
        """Renames src over dest, keeping dest's mode/owner when it exists (temp file beside dest)."""
        dest_stat = None
        if os.path.exists(dest):
            try:
                dest_stat = os.stat(dest)
            except OSError:
                dest_stat = None
        if dest_stat is not None and keep_dest_attrs:
            # NOTE: as Ansible's atomic_move: owner first (a chown clears setuid bits), then
            # copystat, which brings dest's mode and extended attributes (its ACLs) along.
            try:
                os.chown(src, dest_stat.st_uid, dest_stat.st_gid)
                shutil.copystat(dest, src)
                os.utime(src, None)
            except OSError as e:
                if e.errno != errno.EPERM:
                    raise
        try:
            # NOTE: bytes, as 2.19 renames: an error then shows both paths as b'...'
            os.rename(os.fsencode(src), os.fsencode(dest))
        except OSError as e:
            # 2.19 raises these (an error from a module, its cause after it), not fail_json
            if e.errno not in (errno.EPERM, errno.EXDEV, errno.EACCES, errno.ETXTBSY, errno.EBUSY):
                raise Exception('Could not replace %r with %r.' % (dest, src)) from e
            # cross-device: copy into a temp file beside dest, then rename
            dest_dir = os.path.dirname(dest) or '.'
            try:
                fd, tmp = tempfile.mkstemp(prefix='.ansible_tmp', dir=dest_dir, suffix=os.path.basename(dest))
            except OSError as e2:
                raise Exception('The destination directory %r is not writable by the current user.' % os.path.dirname(dest)) from e2
            os.close(fd)
            try:
                shutil.copy2(src, tmp)
                if dest_stat is not None and keep_dest_attrs:
                    os.chmod(tmp, stat.S_IMODE(dest_stat.st_mode))
                    try:
                        os.chown(tmp, dest_stat.st_uid, dest_stat.st_gid)
                    except OSError:
                        pass
                try:
                    os.rename(tmp, dest)
                except OSError as e3:
                    raise Exception('Unable to make %r into to %r, failed final rename from %r.' % (src, dest, tmp)) from e3
                os.unlink(src)
            except (shutil.Error, OSError) as e2:
                raise Exception('Failed to replace %r with %r.' % (dest, src)) from e2
            finally:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
        if dest_stat is None:
            # NOTE: a new file gets the default mode (0666 & ~umask) as Ansible's atomic_move does,
            # not mkstemp's 0600.
            umask = os.umask(0)
            os.umask(umask)
            try:
                os.chmod(dest, 0o666 & ~umask)
            except OSError:
                pass
            # NOTE: 2.19 stats the new file's folder unguarded (for its setgid group), so a bare
            # relative dest fails after the rename with "[Errno 2] No such file or directory: b''".
            dest_dir_stat = os.stat(os.path.dirname(os.fsencode(dest)))
            try:
                gid = dest_dir_stat.st_gid if dest_dir_stat.st_mode & stat.S_ISGID else os.getegid()
                os.chown(dest, os.geteuid(), gid)
            except OSError:
                pass

    def atomic_write(self, dest, data):
        """Writes bytes to a temp file beside dest, then renames it over dest: readers see old or new only.

        NOTE: no fsync, as ansible-core's modules: the rename keeps readers from a half-written
        file; an fsync waited on the disk's journal (~5 ms a file here) for a durability across a
        power loss that Ansible does not give either.
        """
        dest_dir = os.path.dirname(os.path.abspath(dest))
        fd, tmp = tempfile.mkstemp(prefix='.ansible_tmp', dir=dest_dir, suffix=os.path.basename(dest))
        try:
            with os.fdopen(fd, 'wb') as f:
                f.write(data)
        except Exception:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        self.atomic_move(tmp, dest)

    def write_validated(self, dest, data, validate=None):
        """Writes bytes through a temp file, runs `validate % tmpfile` first when given, then
        renames over the real path of dest (the text-editing modules' write_changes)."""
        fd, tmp = tempfile.mkstemp(dir=self.tmpdir)
        with os.fdopen(fd, 'wb') as f:
            f.write(data)
        if validate:
            if '%s' not in validate:
                self.fail('validate must contain %%s: %s' % validate)
            rc, out, err = self.run_command(validate % tmp)
            if rc != 0:
                self.fail('failed to validate: rc:%s error:%s' % (rc, err))
        self.atomic_move(tmp, os.path.realpath(dest))

    def attributes_message(self, params, changed, message, diff=None):
        """Applies the file attributes; extends `message` as the text-editing modules do."""
        if self.set_fs_attributes_if_different(self.load_file_common_arguments(params), False, diff):
            if changed:
                message += ' and '
            changed = True
            message += 'ownership, perms or SE linux context changed'
        return message, changed

    def load_file_common_arguments(self, params, path=None):
        """The file attribute arguments (path, mode, owner, group, se*, attributes) from params."""
        if path is None:
            path = params.get('path', params.get('dest', None))
        if path is None:
            return {}
        path = os.path.expanduser(os.path.expandvars(path))
        # a followed link's attributes are its target's
        if params.get('follow', False) and os.path.islink(path):
            path = os.path.realpath(path)
        return {
            'path': path,
            'mode': params.get('mode'),
            'owner': params.get('owner'),
            'group': params.get('group'),
            'seuser': params.get('seuser'),
            'serole': params.get('serole'),
            'selevel': params.get('selevel'),
            'setype': params.get('setype'),
            'attributes': params.get('attributes'),
        }

    def user_and_group(self, path, expand=True):
        if expand:
            path = os.path.expanduser(os.path.expandvars(path))
        st = os.lstat(path)
        return st.st_uid, st.st_gid

    def _resolve_uid(self, owner):
        try:
            return int(owner)
        except ValueError:
            try:
                return pwd.getpwnam(owner).pw_uid
            except KeyError:
                return None

    def _resolve_gid(self, group):
        try:
            return int(group)
        except ValueError:
            try:
                return grp.getgrnam(group).gr_gid
            except KeyError:
                return None

    def set_owner_if_different(self, path, owner, changed, diff=None, expand=True, follow=False):
        if owner is None:
            return changed
        if expand:
            path = os.path.expanduser(os.path.expandvars(path))
        # NOTE: as AnsibleModule's check_file_absent_if_check_mode: a file check mode did not make is a change
        if self.check_mode and not os.path.exists(path):
            return True
        uid = self._resolve_uid(owner)
        if uid is None:
            path_exists = os.path.lexists(path)
            self.fail_at(path, 'chown failed: failed to look up user %s' % owner) if path_exists else None
            return changed
        orig_uid, orig_gid = self.user_and_group(path, expand=False)
        if orig_uid != uid:
            if diff is not None:
                diff.setdefault('before', {})['owner'] = orig_uid
                diff.setdefault('after', {})['owner'] = uid
            if self.check_mode:
                return True
            try:
                os.lchown(path, uid, -1)
            except OSError:
                self.fail_at(path, 'chown failed')
            changed = True
        return changed

    def set_group_if_different(self, path, group, changed, diff=None, expand=True, follow=False):
        if group is None:
            return changed
        if expand:
            path = os.path.expanduser(os.path.expandvars(path))
        if self.check_mode and not os.path.exists(path):
            return True
        gid = self._resolve_gid(group)
        if gid is None:
            self.fail_at(path, 'chgrp failed: failed to look up group %s' % group)
        orig_uid, orig_gid = self.user_and_group(path, expand=False)
        if orig_gid != gid:
            if diff is not None:
                diff.setdefault('before', {})['group'] = orig_gid
                diff.setdefault('after', {})['group'] = gid
            if self.check_mode:
                return True
            try:
                os.lchown(path, -1, gid)
            except OSError:
                self.fail_at(path, 'chgrp failed')
            changed = True
        return changed

    def fail_at(self, path, msg, **kwargs):
        """Fails about a file: fail_json adds the path's stat fields, whatever the module."""
        self.fail(msg, **self.add_path_info(dict(kwargs, path=path)))

    def mode_to_octal(self, path_stat, mode, path=None):
        """The int for an Ansible `mode` value (int, octal string or symbolic); fails like the file module."""
        if isinstance(mode, int):  # (a bool too, as Python: True is mode 1)
            return mode
        where = self.params.get('path') if path is None else path
        if not isinstance(mode, (str, bytes)):
            # NOTE: a list, dict or float fails as 2.19's symbolic parser meets it, by its missing split()
            self.fail_at(where, 'mode must be in octal or symbolic form', details="'%s' object has no attribute 'split'" % type(mode).__name__)
        mode = _text(mode)
        try:
            return int(mode, 8)
        except ValueError:
            pass
        try:
            return symbolic_mode_to_octal(path_stat, mode)
        except Exception as e:
            self.fail_at(where, 'mode must be in octal or symbolic form', details=str(e))

    def set_mode_if_different(self, path, mode, changed, diff=None, expand=True):
        if mode is None:
            return changed
        if expand:
            path = os.path.expanduser(os.path.expandvars(path))
        if self.check_mode and not os.path.exists(path):
            return True
        path_stat = os.lstat(path)
        # NOTE: 2.19 hands an int (or octal text) to chmod as it is: the kernel keeps its low 12 bits
        # (99999 is 03237, -1 is 07777), and one larger than a C int fails chmod
        new_mode = self.mode_to_octal(path_stat, mode, path)
        prev_mode = stat.S_IMODE(path_stat.st_mode)
        if prev_mode != new_mode:
            if diff is not None:
                diff.setdefault('before', {})['mode'] = '0%03o' % prev_mode
                diff.setdefault('after', {})['mode'] = '0%03o' % new_mode
            if self.check_mode:
                return True
            try:
                if stat.S_ISLNK(path_stat.st_mode):
                    # NOTE: Linux cannot chmod a symlink itself; Ansible then leaves it alone.
                    if hasattr(os, 'lchmod'):
                        os.lchmod(path, new_mode)
                    else:
                        return changed
                else:
                    os.chmod(path, new_mode)
            except OSError as e:
                if e.errno in (errno.EPERM, errno.EROFS, errno.ENOENT) and stat.S_ISLNK(path_stat.st_mode):
                    return changed
                self.fail_at(path, 'chmod failed: %s' % e)
            except OverflowError as e:
                self.fail_at(path, 'chmod failed', details=str(e))
            # (a mode beyond the permission bits may leave the file as it was)
            changed = changed or stat.S_IMODE(os.lstat(path).st_mode) != prev_mode
        return changed

    def set_attributes_if_different(self, path, attributes, changed, diff=None, expand=True):
        """As AnsibleModule's: chattr runs when lsattr's flags (as text, in its order) differ from the
        ones given, or always to take some off; the diff shows the flags and the operation given."""
        if attributes is None:
            return changed
        if expand:
            path = os.path.expanduser(os.path.expandvars(path))
        if self.check_mode and not os.path.exists(path):
            return True
        existing = self.get_file_attributes(path, include_version=False)
        operation = '='
        if attributes.startswith(('-', '+')):
            operation, attributes = attributes[0], attributes[1:]
        if attributes and (existing.get('attr_flags', '') != attributes or operation == '-'):
            chattr = self.get_bin_path('chattr')
            if chattr:
                changed = True
                if diff is not None:
                    diff.setdefault('before', {})['attributes'] = existing.get('attr_flags')
                    diff.setdefault('after', {})['attributes'] = operation + attributes
                if not self.check_mode:
                    rc, out, err = self.run_command([chattr, operation + attributes, path])
                    if rc != 0 or err:
                        self.fail_at(path, 'chattr failed', details='Error while setting attributes: %s' % (out + err))
        return changed

    def get_file_attributes(self, path, include_version=True):
        """`lsattr -vd`'s version and flags ({} when lsattr is missing or fails)."""
        output = {}
        lsattr = self.get_bin_path('lsattr')
        if lsattr:
            known = _ioctl_attributes(lsattr, path, include_version)
            if known is not None:
                return known
            try:
                rc, out, err = self.run_command([lsattr, '-vd' if include_version else '-d', path])
                if rc == 0:
                    # NOTE: split on whitespace: lsattr pads a short version to ten columns
                    fields = out.split()
                    if include_version:
                        output['version'] = fields[0].strip()
                        fields = fields[1:]
                    output['attr_flags'] = fields[0].replace('-', '').strip()
                    output['attributes'] = format_attributes(output['attr_flags'])
            except Exception:
                pass
        return output

    def set_fs_attributes_if_different(self, file_args, changed, diff=None, expand=True):
        path = file_args['path']
        changed = self.set_owner_if_different(path, file_args.get('owner'), changed, diff, expand)
        changed = self.set_group_if_different(path, file_args.get('group'), changed, diff, expand)
        changed = self.set_mode_if_different(path, file_args.get('mode'), changed, diff, expand)
        changed = self.set_attributes_if_different(path, file_args.get('attributes'), changed, diff, expand)
        return changed

    set_file_attributes_if_different = set_fs_attributes_if_different
    set_directory_attributes_if_different = set_fs_attributes_if_different

    def add_path_info(self, result):
        """Adds uid, gid, owner, group, mode, state, size for a result naming a path (as exit_json does)."""
        path = result.get('path', result.get('dest'))
        if path is None or not isinstance(path, str):
            return result
        if os.path.exists(path):
            uid, gid = self.user_and_group(path, expand=False)
            result['uid'] = uid
            result['gid'] = gid
            try:
                result['owner'] = pwd.getpwuid(uid)[0]
            except KeyError:
                result['owner'] = str(uid)
            try:
                result['group'] = grp.getgrgid(gid)[0]
            except KeyError:
                result['group'] = str(gid)
            st = os.lstat(path)
            result['mode'] = '0%03o' % stat.S_IMODE(st.st_mode)
            if os.path.islink(path):
                result['state'] = 'link'
            elif os.path.isdir(path):
                result['state'] = 'directory'
            elif os.stat(path).st_nlink > 1:
                result['state'] = 'hard'
            else:
                result['state'] = 'file'
            result['size'] = st.st_size
        return result


_PASSWORD_ARG = re.compile(r'^[-]{0,2}pass[-]?(word|wd)?')


def log_sanitize(data):
    """Ansible's heuristic_log_sanitize: the password of what looks like user:password@host
    (URL style or not) becomes ********, false positives included (ssh://git@host shows as
    ssh:********@host), since failed commands are shown that way."""
    out = []
    begin = prev_begin = len(data)
    while True:
        end = data.rfind('@', 0, begin)
        if end < 0:
            out.append(data[:begin])
            break
        search_end = end
        while True:
            begin = max(data.rfind('://', 0, search_end), 0)
            sep = data.find(':', begin + 3, end)
            if sep >= 0 or begin == 0:
                break
            search_end = begin
        if sep < 0:
            out.append(data[:prev_begin])
            break
        out.extend([data[end:prev_begin], '********', data[begin:sep + 1]])
        prev_begin = begin
    return ''.join(reversed(out))


def _cmd_text(args):
    """AnsibleModule._clean_args: the command as a result shows it, word by word (a string is
    split first), with password arguments and URL passwords masked."""
    if isinstance(args, bytes):
        args = args.decode('utf-8', 'surrogateescape')
    try:
        words = shlex.split(args) if isinstance(args, str) else [_text(a) for a in args]
    except ValueError:
        return args
    shown = []
    hide_next = False
    for word in words:
        if hide_next:
            hide_next = False
            shown.append('********')
            continue
        if _PASSWORD_ARG.match(word):
            if '=' in word:
                shown.append('%s=********' % word[:word.index('=')])
                continue
            hide_next = True
        shown.append(log_sanitize(word))
    return ' '.join(shlex.quote(w) for w in shown)


# ---------------------------------------------------------------------------------------------
# Shipped sources: modules load by name; helper modules (modules/_name.py, code several modules
# share, shipped with the modules that import them) import by name (`import _http_client`)
# ---------------------------------------------------------------------------------------------

class ShippedSources(object):
    """The module and helper sources this process received (`sources`: name -> text, filled as
    requests bring more), and a sys.meta_path finder and loader for the helpers. Only names with
    a leading underscore are helpers: a module such as `apt` must keep importing the host's own
    `apt` package."""

    def __init__(self, sources, compile_source=None):
        import threading
        self.sources = sources
        self.compile_source = compile_source or (lambda source, name: compile(source, name, 'exec'))
        self._modules = {}
        self._lock = threading.Lock()

    def keep(self, sources):
        """Adds sources this process does not have yet (a request's helpers)."""
        with self._lock:
            for name, source in (sources or {}).items():
                self.sources.setdefault(name, source)

    def load_module(self, name, source=None):
        """The module `name`, executed once; None when its source never came."""
        with self._lock:
            module = self._modules.get(name)
            if module is not None:
                return module
            if source is None:
                source = self.sources.get(name)
            if source is None:
                return None
            self.sources[name] = source  # an async job of this module later needs its source
            import types
            module = types.ModuleType('volant_module_' + name)
            module.__file__ = '<volant module %s>' % name
            exec(self.compile_source(source, module.__file__), module.__dict__)
            self._modules[name] = module
            return module

    def find_spec(self, name, path=None, target=None):
        if name in ANSIBLE_SHIMS or name in _ANSIBLE_PACKAGES:
            # ansible.module_utils.* for library modules: only where the shims came (so a host's
            # own ansible stays importable otherwise)
            if '_ansible_basic' not in self.sources:
                return None
            import importlib.machinery
            return importlib.machinery.ModuleSpec(name, self, origin='<volant shim %s>' % name,
                                                  is_package=name in _ANSIBLE_PACKAGES)
        if path is not None or not name.startswith('_') or name not in self.sources:
            return None
        import importlib.machinery
        return importlib.machinery.ModuleSpec(name, self, origin='<volant helper %s>' % name)

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        name = module.__name__
        if name in _ANSIBLE_PACKAGES:
            return
        if name in ANSIBLE_SHIMS:
            # NOTE: the shim module itself stands under the ansible name (importlib takes what
            # sys.modules holds after exec_module), so both names share one module object.
            import importlib
            helper, _, attribute = ANSIBLE_SHIMS[name].partition(':')
            shim = importlib.import_module(helper)
            sys.modules[name] = getattr(shim, attribute) if attribute else shim
            return
        exec(self.compile_source(self.sources[name], module.__spec__.origin), module.__dict__)


# ansible.module_utils names a library module may import -> the helper module standing for it
# (`helper:attribute` for a namespace inside one); modules/_ansible_*.py are those helpers.
ANSIBLE_SHIMS = {
    'ansible.module_utils.basic': '_ansible_basic',
    'ansible.module_utils.common.process': '_ansible_basic',
    'ansible.module_utils.common.file': '_ansible_basic',
    'ansible.module_utils.common.locale': '_ansible_basic',
    'ansible.module_utils.common.validation': '_ansible_validation',
    'ansible.module_utils.common.parameters': '_ansible_validation',
    'ansible.module_utils.parsing.convert_bool': '_ansible_validation',
    'ansible.module_utils.common.text.converters': '_ansible_text',
    'ansible.module_utils._text': '_ansible_text',
    'ansible.module_utils.common.text.formatters': '_ansible_text',
    'ansible.module_utils.six': '_ansible_six',
    'ansible.module_utils.six.moves': '_ansible_six:moves',
    'ansible.module_utils.common.collections': '_ansible_six',
    'ansible.module_utils.urls': '_ansible_urls',
}
_ANSIBLE_PACKAGES = frozenset(
    '.'.join(shim.split('.')[:depth]) for shim in ANSIBLE_SHIMS for depth in range(1, shim.count('.') + 1)
) - frozenset(ANSIBLE_SHIMS)


# Loads a module by name (set by install_sources): modules that run another module (package
# runs apt) call it.
load_module = None


def install_sources(sources, compile_source=None):
    """Makes `sources` this process's modules: helpers importable (first in sys.meta_path, so no
    directory of sys.path is searched for them) and modules loadable through `load_module`."""
    global load_module
    shipped = ShippedSources(sources, compile_source)
    sys.meta_path.insert(0, shipped)
    load_module = shipped.load_module
    return shipped


# ---------------------------------------------------------------------------------------------
# Running one module (used by the agent)
# ---------------------------------------------------------------------------------------------

def run_module(name, module, args, check_mode=False, diff_mode=False, environ=None, no_log=False, remote_tmp=None,
               task_tmp=None, own_tmp=False):
    """Validates args against the module's ARGUMENT_SPEC, runs it, and returns Ansible's result dict.
    task_tmp: the folder the task's temp folder goes in (`~login/.ansible/tmp`, `/var/tmp`; see
    task_tmp_base), None for this agent's own ~/.ansible/tmp; own_tmp: 2.19 hands the module no
    task folder, it makes its own (see Context.tmpdir)."""
    _task_tmp.base = task_tmp
    _task_tmp.own = own_tmp
    if not own_tmp:
        # NOTE: with pipelining off 2.19 makes the task's temp folder before every module, so its
        # base exists after any module ran, used or not.
        ensure_task_tmp_base(task_tmp or '~/.ansible/tmp')
    run_request = getattr(module, 'RUN_REQUEST', None)
    if run_request is not None:
        # a library module (AnsibleModule): it validates its own arguments as it runs
        return run_request(name, args, check_mode=check_mode, diff_mode=diff_mode, environ=environ,
                           no_log=no_log, remote_tmp=remote_tmp)
    spec = dict(getattr(module, 'ARGUMENT_SPEC', {}))
    if getattr(module, 'ADD_FILE_COMMON_ARGS', False):
        for key, opt in FILE_COMMON_ARGUMENTS.items():
            spec.setdefault(key, opt)
    # `_ansible_*` and `_volant_*` keys are the controller talking to the module, not user args.
    internal = dict((k, v) for k, v in args.items() if k.startswith(('_ansible_', '_volant_')))
    if no_log:
        # (the task's no_log: an action plugin's own diff hides the file's text under it)
        internal['_volant_no_log'] = True
    # NOTE: 2.19 hands a module its arguments sorted by name; its params (the invocation a loop
    # item's repr shows) keep that order, then the defaults in the spec's.
    user_args = dict(sorted((k, v) for k, v in args.items() if k not in internal))
    # a check Ansible's action plugin makes before the module (and its argument validation) runs
    precheck = getattr(module, 'ACTION_PRECHECK', None)
    # (the action knows the task's check and diff modes too)
    answer = precheck(user_args, dict(internal, _volant_check_mode=check_mode, _volant_diff_mode=diff_mode)) if precheck is not None else None
    if answer is not None:
        return answer
    # A module that hands its arguments on (package, to the host's package manager module) checks
    # only its own: the others are the backend's to check, as 2.19's package action sends them all.
    checked = dict((k, v) for k, v in user_args.items() if k in spec) if getattr(module, 'PASSES_ARGS_ON', False) else user_args
    vres = validate_arguments(
        name, spec, checked,
        mutually_exclusive=getattr(module, 'MUTUALLY_EXCLUSIVE', ()),
        required_together=getattr(module, 'REQUIRED_TOGETHER', ()),
        required_one_of=getattr(module, 'REQUIRED_ONE_OF', ()),
        required_if=getattr(module, 'REQUIRED_IF', ()),
        required_by=getattr(module, 'REQUIRED_BY', None),
    )
    ctx = Context(name, vres.params, check_mode=check_mode, diff_mode=diff_mode, environ=environ,
                  no_log_values=vres.no_log_values, remote_tmp=remote_tmp)
    ctx.aliases = vres.aliases
    ctx.internal = internal
    ctx.raw_args = dict(user_args)
    for d in vres.deprecations:
        ctx.deprecate(d['msg'], version=d['version'], date=d['date'], collection_name=d['collection_name'])
    for w in vres.warnings:
        ctx.warn(w)
    invocation = None
    try:
        if vres.errors:
            # NOTE: ansible's validator reports unsupported parameters after every other error.
            kind, msg = sorted(vres.errors, key=lambda e: e[0] == 'unsupported')[0]
            if kind == 'unsupported':
                # NOTE: modules run through an action plugin (command, copy ...) are named
                # ansible.legacy.X in this message; the controller passes the name to show.
                msg = 'Unsupported parameters for (%s) module: %s' % (internal.get('_ansible_module_name') or name, msg)
            result = {'failed': True, 'msg': msg}
            # what the module's action had ready before the module refused its arguments
            before_module = getattr(module, 'ACTION_BEFORE_MODULE', None)
            if before_module is not None:
                result.update(before_module(user_args, dict(internal, _volant_check_mode=check_mode, _volant_diff_mode=diff_mode)))
            adjust = getattr(module, 'adjust_invocation', None)
            if adjust is not None:
                invocation = {'module_args': remove_values(adjust(dict(vres.params), result), vres.no_log_values)}
        elif check_mode and not getattr(module, 'SUPPORTS_CHECK_MODE', False):
            # (named as the task wrote it, as the unsupported-parameters message above)
            result = {'skipped': True, 'msg': 'remote module (%s) does not support check mode' % (internal.get('_ansible_module_name') or name)}
        else:
            # NOTE: an action that stats dest first (copy) runs the stat module as the become
            # user: that module makes remote_tmp and its warning never reaches the task's result.
            stats_first = getattr(module, 'ACTION_STATS_DEST_FIRST', None)
            ctx.settle_cwd(warn=stats_first is None or not stats_first(vres.params))
            try:
                result = module.run(vres.params, ctx)
                if result is None:
                    result = {}
                result = dict(result)
                adjust = getattr(module, 'adjust_invocation', None)
                if adjust is not None:
                    # NOTE: some modules are fed by an action plugin in Ansible, so their
                    # invocation shows what that plugin sent (copy: src=<temp file>, content=None).
                    invocation = {'module_args': remove_values(adjust(dict(vres.params), result), vres.no_log_values)}
                # `_volant_bare`: a result the action plugin would have answered without the module
                if not result.pop('_volant_bare', False) and getattr(module, 'ADD_PATH_INFO', True):
                    ctx.add_path_info(result)
            except ModuleExit as e:
                result = e.result
                if not result.pop('_volant_bare', False) and getattr(module, 'ADD_PATH_INFO', True):
                    ctx.add_path_info(result)
            except ModuleFailed as e:
                # NOTE: fail_json adds the stat fields too when the result names an existing path.
                result = e.result
                adjust = getattr(module, 'adjust_invocation', None)
                if adjust is not None:
                    invocation = {'module_args': remove_values(adjust(dict(vres.params), result), vres.no_log_values)}
                if getattr(module, 'ADD_PATH_INFO', True):
                    ctx.add_path_info(result)
    finally:
        ctx.cleanup()
    if result.pop('_volant_raw', False):
        # NOTE: a module that prints its answer itself (async_status relaying a job's result)
        # bypasses exit_json: no changed, invocation or warnings are added.
        return result
    # NOTE: no `changed` default here: 2.19's controller adds `changed: false` after the module
    # (TaskExecutor), after `failed` and `attempts`; results nested in another (gather_facts'
    # failed_modules, a job's status file) have none.
    return exit_result(result, ctx, invocation)


# The running request's task temp base from the controller (see task_tmp_base), per request thread.
_task_tmp = threading.local()


# The task temp bases this agent has made sure of (see ensure_task_tmp_base).
_task_tmp_bases = {}


def make_task_tmp(base):
    """A task's temp folder as 2.19's shell names it (ansible-tmp-<time>-<pid>-<random>, mode 0700),
    under `base` or the system's temp dir when there is none."""
    name = 'ansible-tmp-%r-%d-%d' % (time.time(), os.getpid(), int.from_bytes(os.urandom(6), 'big'))
    path = os.path.join(base or tempfile.gettempdir(), name)
    os.mkdir(path, 0o700)
    return path


def ensure_task_tmp_base(spec):
    """The folder a task's temp folder goes in (`~user/.ansible/tmp`, `/var/tmp`), made as 2.19's
    login shell makes it before each module (umask 77, mkdir -p). Made by root for another login
    user (the agent becomes root), its new folders are given to that user. None when it cannot be."""
    path = _task_tmp_bases.get(spec)
    if path is not None:
        return path
    path = os.path.expanduser(os.path.expandvars(spec))
    try:
        missing = []
        probe = path
        while probe and not os.path.isdir(probe):
            missing.append(probe)
            probe = os.path.dirname(probe)
        owner = None
        if missing and spec.startswith('~') and not spec.startswith('~/') and os.geteuid() == 0:
            import pwd
            entry = pwd.getpwnam(spec[1:].split('/', 1)[0])
            owner = (entry.pw_uid, entry.pw_gid)
        for folder in reversed(missing):
            os.mkdir(folder, 0o700)
            if owner is not None:
                os.chown(folder, *owner)
    except (OSError, KeyError):
        return None
    _task_tmp_bases[spec] = path
    return path


def task_tmp_base():
    """The folder 2.19 makes a task's remote temp folder in (its files show in results, e.g. copy's
    src): remote_tmp of the login user, or /var/tmp when the task becomes an unprivileged user. The
    controller says which (run_module's task_tmp) when the agent runs as a become user (as
    `~login/...`, the login user's home being known only here) or remote_tmp is set; else it is
    the agent's own."""
    return os.path.expanduser(os.path.expandvars(getattr(_task_tmp, 'base', None) or '~/.ansible/tmp'))


def exit_result(result, ctx, invocation=None):
    """What exit_json/fail_json return: the result with no_log values masked, the invocation
    (the module's params at exit unless given), its warnings and deprecations."""
    if invocation is None:
        # NOTE: computed at exit, as exit_json does: a module may have updated its params
        # (file fills in the state it derived).
        invocation = {'module_args': remove_values(ctx.params, ctx.no_log_values)}
    result = remove_values(result, ctx.no_log_values)
    if 'invocation' not in result:
        result['invocation'] = invocation
    if ctx.warnings:
        result['warnings'] = list(ctx.warnings)
    if ctx.warning_causes:
        result['_volant_warning_causes'] = list(ctx.warning_causes)
    if ctx.deprecations:
        result['deprecations'] = list(ctx.deprecations)
    return result
