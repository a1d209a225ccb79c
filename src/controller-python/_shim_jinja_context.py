# What a filter or test marked pass_context / pass_eval_context / pass_environment (Jinja's
# decorators, or the older contextfilter & co) receives first under Volant: the template's
# variables (rendered, read from the controller as the plugin asks for them), with Jinja's
# Context methods plugins use; the helper has no Jinja environment of its own.
import _volant_host

_MISSING = object()


class EvalContext(object):
    autoescape = False
    volatile = False

    def __init__(self, environment):
        self.environment = environment


class Environment(object):
    autoescape = False
    finalize = None

    def __init__(self):
        self.filters = {}
        self.tests = {}
        self.globals = {}


class Context(object):
    def __init__(self):
        self.environment = Environment()
        self.eval_ctx = EvalContext(self.environment)
        self._cache = {}

    def resolve_or_missing(self, key):
        if key not in self._cache:
            reply = _volant_host.ask({'value': key})
            self._cache[key] = _MISSING if reply is None else reply['v']
        return self._cache[key]

    def get(self, key, default=None):
        value = self.resolve_or_missing(key)
        return default if value is _MISSING else value

    def resolve(self, key):
        return self.get(key)

    def __getitem__(self, key):
        value = self.resolve_or_missing(key)
        if value is _MISSING:
            raise KeyError(key)
        return value

    def __contains__(self, key):
        return self.resolve_or_missing(key) is not _MISSING

    def get_all(self):
        return dict((name, self.get(name)) for name in _volant_host.ask({'varnames': True}))


def first_argument(function):
    """What Jinja would pass before the value, as a one-item list, or an empty one."""
    passed = getattr(function, 'jinja_pass_arg', None)
    kind = getattr(passed, 'name', None)
    if kind is None:
        for attribute, name in (('contextfilter', 'context'), ('contextfunction', 'context'),
                                ('evalcontextfilter', 'eval_context'), ('environmentfilter', 'environment')):
            if getattr(function, attribute, False):
                kind = name
                break
    if kind is None:
        return []
    context = Context()
    return [{'context': context, 'eval_context': context.eval_ctx, 'environment': context.environment}[kind]]
