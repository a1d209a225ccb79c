# ansible.module_utils.six for library modules, Python 3 only: the names modules use
# (PY2/PY3, the type tuples, iteritems & co, a minimal six.moves), and
# ansible.module_utils.common.collections' is_* tests.
import builtins
import io
import shlex
import sys
import types
from collections.abc import Mapping, Sequence

__path__ = []  # a package: `ansible.module_utils.six.moves` imports below it

PY2 = False
PY3 = True
string_types = (str,)
integer_types = (int,)
class_types = (type,)
text_type = str
binary_type = bytes
MAXSIZE = sys.maxsize
StringIO = io.StringIO
BytesIO = io.BytesIO


def iteritems(d, **kw):
    return iter(d.items(**kw))


def itervalues(d, **kw):
    return iter(d.values(**kw))


def iterkeys(d, **kw):
    return iter(d.keys(**kw))


def b(s):
    return s.encode('latin-1')


def u(s):
    return s


def ensure_text(s, encoding='utf-8', errors='strict'):
    return s.decode(encoding, errors) if isinstance(s, bytes) else s


def ensure_binary(s, encoding='utf-8', errors='strict'):
    return s.encode(encoding, errors) if isinstance(s, str) else s


ensure_str = ensure_text


def with_metaclass(meta, *bases):
    return meta('NewBase', bases or (object,), {})


def add_metaclass(metaclass):
    def wrapper(cls):
        body = dict(cls.__dict__)
        body.pop('__dict__', None)
        body.pop('__weakref__', None)
        return metaclass(cls.__name__, cls.__bases__, body)
    return wrapper


def reraise(tp, value, tb=None):
    raise value.with_traceback(tb)


def _moves():
    import configparser
    import http.client
    import urllib.error
    import urllib.parse
    import urllib.request
    moves = types.ModuleType('ansible.module_utils.six.moves')
    urllib_ns = types.ModuleType('ansible.module_utils.six.moves.urllib')
    urllib_ns.parse, urllib_ns.request, urllib_ns.error = urllib.parse, urllib.request, urllib.error
    for name, value in (('range', builtins.range), ('zip', builtins.zip), ('map', builtins.map),
                        ('filter', builtins.filter), ('input', builtins.input), ('reduce', __import__('functools').reduce),
                        ('shlex_quote', shlex.quote), ('configparser', configparser), ('http_client', http.client),
                        ('urllib', urllib_ns), ('cStringIO', io.StringIO), ('xrange', builtins.range)):
        setattr(moves, name, value)
    return moves


moves = _moves()


# ansible.module_utils.common.collections
def is_string(seq):
    return isinstance(seq, (str, bytes))


def is_iterable(seq, include_strings=False):
    if not include_strings and is_string(seq):
        return False
    try:
        iter(seq)
        return True
    except TypeError:
        return False


def is_sequence(seq, include_strings=False):
    if not include_strings and is_string(seq):
        return False
    return isinstance(seq, Sequence)


class ImmutableDict(Mapping):
    def __init__(self, *args, **kwargs):
        self._store = dict(*args, **kwargs)

    def __getitem__(self, key):
        return self._store[key]

    def __iter__(self):
        return iter(self._store)

    def __len__(self):
        return len(self._store)

    def __repr__(self):
        return 'ImmutableDict({0})'.format(repr(self._store))
