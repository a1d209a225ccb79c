# Volant's controller-side helper: runs the Python filter, test and lookup plugins people ship
# with their playbooks (filter_plugins/, test_plugins/, lookup_plugins/). The controller starts
# one per run, only when a template needs one of those plugins, and speaks one JSON document a
# line over stdin/stdout. Standard library only. The bootstrap gives SOURCES: this file, the
# `ansible` shim modules and the agent's module_utils shims, by module name.
import importlib
import importlib.machinery
import importlib.util
import json
import os
import sys

TAG = '__volant__'
MAX_EXACT = 2 ** 53 - 1

# ansible.* names a plugin may import -> the shipped source standing for it ('helper:attribute'
# for a namespace inside one); a name ending in '/' is a package with no code of its own.
ANSIBLE_SHIMS = {
    'ansible': '_shim_ansible',
    'ansible.errors': '_shim_errors',
    'ansible.plugins': '/',
    'ansible.plugins.lookup': '_shim_lookup',
    'ansible.plugins.filter': '/',
    'ansible.plugins.test': '/',
    'ansible.utils': '/',
    'ansible.utils.display': '_shim_display',
    'ansible.utils.listify': '_shim_listify',
    'ansible.utils.unsafe_proxy': '_shim_unsafe',
    'ansible.parsing': '/',
    'ansible.parsing.yaml': '/',
    'ansible.parsing.yaml.objects': '_shim_unsafe',
    'ansible.module_utils': '/',
    'ansible.module_utils.common': '/',
    'ansible.module_utils.common.text': '/',
    'ansible.module_utils.common.text.converters': '_ansible_text',
    'ansible.module_utils._text': '_ansible_text',
    'ansible.module_utils.common.text.formatters': '_ansible_text',
    'ansible.module_utils.six': '_ansible_six',
    'ansible.module_utils.six.moves': '_ansible_six:moves',
    'ansible.module_utils.common.collections': '_ansible_six',
    'ansible.module_utils.common._collections_compat': 'collections.abc',
    'ansible.module_utils.parsing': '/',
    'ansible.module_utils.parsing.convert_bool': '_shim_convert_bool',
}


# Served only when the controller's Python cannot import them itself.
FALLBACK_SHIMS = dict((name, '_shim_jinja2') for name in (
    'jinja2', 'jinja2.filters', 'jinja2.utils', 'jinja2.runtime', 'jinja2.exceptions', 'jinja2.tests'))


class ShimFinder:
    """Serves ansible.* from the shipped sources (first in sys.meta_path, so an Ansible installed
    beside this Python is never mixed in) and the shipped helper modules by their own names; a
    second one, last in sys.meta_path, serves FALLBACK_SHIMS."""

    def __init__(self, shims=None):
        self.shims = ANSIBLE_SHIMS if shims is None else shims

    def find_spec(self, name, path=None, target=None):
        if name in self.shims:
            return importlib.machinery.ModuleSpec(name, self, origin='<volant shim %s>' % name,
                                                  is_package=self.shims[name] == '/' or name in ('ansible', 'jinja2'))
        if self.shims is ANSIBLE_SHIMS and name.startswith('_') and name in SOURCES:
            return importlib.machinery.ModuleSpec(name, self, origin='<volant helper %s>' % name)
        return None

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        name = module.__name__
        target = self.shims.get(name)
        if target == '/':
            return
        if target is not None:
            helper, _, attribute = target.partition(':')
            shim = importlib.import_module(helper)
            # NOTE: importlib returns what sys.modules holds after exec_module, so the ansible
            # name and the helper's share one module object.
            sys.modules[name] = getattr(shim, attribute) if attribute else shim
            return
        exec(compile(SOURCES[name], module.__spec__.origin, 'exec'), module.__dict__)


# ---------------------------------------------------------------------------------------------
# Values across the wire: JSON, with tagged objects where JSON would lose a Python distinction
# ---------------------------------------------------------------------------------------------

def decode_object(obj):
    tag = obj.get(TAG)
    if tag is None:
        return obj
    value = obj['v']
    if tag == 'dict':
        return dict((key if not isinstance(key, list) else tuple(key), item) for key, item in value)
    if tag == 'tuple':
        return tuple(value)
    if tag == 'unsafe':
        return unsafe_text(value)
    if tag == 'var':
        return var_text(value)
    if tag == 'range':
        return range(*value)
    if tag in ('date', 'datetime', 'time'):
        import datetime
        return getattr(datetime, tag).fromisoformat(value)
    raise ValueError('unknown value tag %r' % tag)


def encode(value):
    """A plugin's result as JSON-ready data; ints beyond 2**53, floats, tuples, sets, dates and
    dicts whose keys JSON or JavaScript would change are tagged."""
    if value is None or value is True or value is False:
        return value
    if isinstance(value, str):
        if isinstance(value, unsafe_text):
            return {TAG: 'unsafe', 'v': str(value)}
        return str(value)
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        value = int(value)
        return value if -MAX_EXACT <= value <= MAX_EXACT else {TAG: 'int', 'v': str(value)}
    if isinstance(value, float):
        return {TAG: 'float', 'v': repr(float(value))}
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode('utf-8', 'surrogateescape')
    if isinstance(value, dict) or _is_mapping(value):
        items = list(value.items())
        if all(type(key) is str and not (key.isascii() and key.isdigit()) and key != TAG for key, _ in items):
            return dict((key, encode(item)) for key, item in items)
        return {TAG: 'dict', 'v': [[encode(key), encode(item)] for key, item in items]}
    if isinstance(value, list):
        return [encode(item) for item in value]
    if isinstance(value, tuple):
        return {TAG: 'tuple', 'v': [encode(item) for item in value]}
    if isinstance(value, (set, frozenset)):
        return {TAG: 'set', 'v': [encode(item) for item in value]}
    import datetime
    if isinstance(value, datetime.datetime):
        return {TAG: 'datetime', 'v': str(value)}
    if isinstance(value, datetime.date):
        return {TAG: 'date', 'v': str(value)}
    if isinstance(value, datetime.time):
        return {TAG: 'time', 'v': str(value)}
    if hasattr(value, '__iter__'):
        return [encode(item) for item in value]
    raise TypeError("Volant cannot carry a value of type '%s' from a Python plugin" % type(value).__name__)


def _is_mapping(value):
    from collections.abc import Mapping
    return isinstance(value, Mapping)


# ---------------------------------------------------------------------------------------------
# The conversation with the controller
# ---------------------------------------------------------------------------------------------

_out = None
_in = None


def send(frame):
    # ASCII only: a lone surrogate (undecodable bytes a plugin returned) travels as its escape.
    _out.write(json.dumps(frame).encode('ascii') + b'\n')
    _out.flush()


def receive():
    line = _in.readline()
    if not line:
        sys.exit(0)
    return json.loads(line.decode('utf-8', 'surrogatepass'), object_hook=decode_object)


def ask(question):
    """Asks the controller while a plugin runs (a variable, a rendered template, a file in the
    search path, a warning shown); its answer, or its error raised as AnsibleError."""
    send({'cb': question})
    while True:
        reply = receive()
        if 'op' in reply:
            # NOTE: answering may render a template that calls another plugin: served first.
            serve(reply)
            continue
        if 'e' in reply:
            from ansible.errors import AnsibleError
            raise AnsibleError(reply['e'])
        return reply.get('r')


_verbosity = []


def verbosity():
    """The run's -v count (asked once)."""
    if not _verbosity:
        _verbosity.append(int(ask({'verbosity': True}) or 0))
    return _verbosity[0]


class PluginFailed(Exception):
    """A plugin raised: its exception, described as ansible-core describes it."""


def describe(error):
    """ansible-core's message for an exception a plugin raised: its text, then its orig_exc's."""
    message = getattr(error, 'message', None)
    if not isinstance(message, str):
        message = str(error)
        if isinstance(error, KeyError) and error.args:
            message = repr(error.args[0]) if len(error.args) == 1 else str(error.args)
    cause = getattr(error, 'orig_exc', None)
    if cause is not None and error.__cause__ is not cause and hasattr(error, 'help_text'):
        ask({'warn': 'The `orig_exc` argument to `%s` was given without using `raise ... from orig_exc`.' % type(error).__name__})
    if cause is not None:
        cause_text = describe(cause)
        message = '%s: %s' % (message, cause_text) if message and cause_text else message or cause_text
    return message


# ---------------------------------------------------------------------------------------------
# Loading plugins (as ansible-core's loader does: each file once, the first name found wins)
# ---------------------------------------------------------------------------------------------

_modules = {}
_jinja = {'filter': {}, 'test': {}}
_jinja_dirs = {'filter': None, 'test': None}
CLASS_OF = {'filter': ('FilterModule', 'filters'), 'test': ('TestModule', 'tests'), 'lookup': ('LookupModule', None)}


def load_file(kind, path):
    """The module of a plugin file (cached by path); raises what importing it raised."""
    module = _modules.get(path)
    if module is None:
        base = os.path.splitext(os.path.basename(path))[0]
        spec = importlib.util.spec_from_file_location('ansible.plugins.%s.%s' % (kind, base), path)
        module = importlib.util.module_from_spec(spec)
        # registered while it runs, as an import would (its classes find their module's globals)
        sys.modules[spec.name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[spec.name]
            raise
        _modules[path] = module
    return module


def plugin_files(directory):
    try:
        names = sorted(os.listdir(directory))
    except OSError:
        return []
    return [os.path.join(directory, n) for n in names
            if n.endswith('.py') and n != '__init__.py' and os.path.isfile(os.path.join(directory, n))]


def file_functions(kind, path, warnings):
    """The filters or tests one plugin file defines, by name ({} when ansible-core skips it)."""
    class_name, method = CLASS_OF[kind]
    try:
        module = load_file(kind, path)
    except Exception as error:
        warnings.append('Skipping plugin (%s), cannot load: %s' % (path, describe(error)))
        return {}
    holder = getattr(module, class_name, None)
    if holder is None:
        warnings.append("Skipping plugin (%s) as it seems to be invalid: module '%s' has no attribute '%s'"
                        % (path, module.__name__, class_name))
        return {}
    try:
        return getattr(holder(), method)()
    except Exception:
        return {}  # NOTE: ansible-core skips it silently (at -vvvv only)


def jinja_plugins(kind, dirs):
    """Every filter or test the directories' files define, by name: the first one wins. Returns
    the names and the warnings ansible-core prints for files it skips."""
    warnings = []
    if _jinja_dirs[kind] != dirs:
        found = {}
        for directory in dirs:
            for path in plugin_files(directory):
                for name, function in file_functions(kind, path, warnings).items():
                    if '.' not in name and name not in found:
                        found[name] = function
        _jinja[kind] = found
        _jinja_dirs[kind] = dirs
    return {'names': sorted(_jinja[kind]), 'warnings': warnings}


_collection_jinja = {'filter': {}, 'test': {}}
_collection_dirs = set()


def collection_jinja_plugins(kind, collection, directory):
    """The filters or tests of a local collection (its plugins/filter or plugins/test directory),
    by fully qualified name."""
    warnings = []
    if (kind, directory) not in _collection_dirs:
        _collection_dirs.add((kind, directory))
        for path in plugin_files(directory):
            for name, function in file_functions(kind, path, warnings).items():
                _collection_jinja[kind].setdefault('%s.%s' % (collection, name), function)
    prefix = collection + '.'
    return {'names': sorted(n for n in _collection_jinja[kind] if n.startswith(prefix)), 'warnings': warnings}


def call_jinja(kind, name, args, kwargs):
    function = _jinja[kind][name] if name in _jinja[kind] else _collection_jinja[kind][name]
    import _shim_jinja_context
    try:
        result = function(*(_shim_jinja_context.first_argument(function) + args), **kwargs)
    except Exception as error:
        raise PluginFailed(describe(error))
    if kind == 'test' and not isinstance(result, bool):
        return {'value': bool(result), 'nonbool': repr(type(result))}
    return {'value': result}


def run_lookup(name, path, terms, kwargs):
    try:
        module = load_file('lookup', path)
        lookup_class = getattr(module, 'LookupModule')
    except Exception as error:
        raise PluginFailed('load:' + describe(error))
    from ansible.plugins.lookup import LookupBase
    try:
        instance = lookup_class(loader=LookupBase._volant_loader(), templar=LookupBase._volant_templar())
        instance._load_name = name
        result = instance.run(terms, variables=LookupBase._volant_variables(), **kwargs)
    except Exception as error:
        raise PluginFailed(describe(error))
    if not isinstance(result, list):
        raise PluginFailed('returned %r instead of %r' % (type(result), list))
    return result


def handle(request):
    op = request['op']
    if op == 'jinja':
        return jinja_plugins(request['kind'], request['dirs'])
    if op == 'collection_jinja':
        return collection_jinja_plugins(request['kind'], request['collection'], request['dir'])
    if op == 'call':
        return call_jinja(request['kind'], request['name'], request['args'], request['kwargs'])
    if op == 'lookup':
        return run_lookup(request['name'], request['path'], request['terms'], request['kwargs'])
    if op == 'ping':
        return 'pong'
    raise ValueError('unknown request %r' % op)


def main():
    global _out, _in
    _in = sys.stdin.buffer
    # NOTE: what plugins print must not break the frames: fd 1 goes to stderr, frames to a copy.
    _out = os.fdopen(os.dup(1), 'wb')
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    import types
    host = types.ModuleType('_volant_host')
    host.ask = ask
    host.verbosity = verbosity
    sys.modules['_volant_host'] = host
    sys.meta_path.insert(0, ShimFinder())
    sys.meta_path.append(ShimFinder(FALLBACK_SHIMS))
    global unsafe_text, var_text
    from ansible.utils.unsafe_proxy import AnsibleUnsafeText as unsafe_text, _VolantVarText as var_text
    while True:
        serve(receive())


def serve(request):
    try:
        send({'r': encode(handle(request))})
    except PluginFailed as failure:
        send({'e': str(failure)})
    except Exception as error:
        send({'e': describe(error), 'internal': True})


unsafe_text = str
var_text = str

if __name__ == '__volant__':
    main()
