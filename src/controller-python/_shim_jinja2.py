# jinja2 for Python plugins when the controller's Python has none (a Jinja that is installed is
# used instead): the decorators that ask for the context (pass_context & co, and the older
# contextfilter names), the exception classes and Undefined, which is what plugins import of it.
import enum

__path__ = []  # a package: jinja2.filters, jinja2.utils, jinja2.runtime … stand for this module


class _PassArg(enum.Enum):
    context = enum.auto()
    eval_context = enum.auto()
    environment = enum.auto()


def _passing(kind):
    def decorate(function):
        function.jinja_pass_arg = kind
        return function
    return decorate


pass_context = contextfilter = contextfunction = _passing(_PassArg.context)
pass_eval_context = evalcontextfilter = evalcontextfunction = _passing(_PassArg.eval_context)
pass_environment = environmentfilter = environmentfunction = _passing(_PassArg.environment)


class TemplateError(Exception):
    def __init__(self, message=None):
        super().__init__(message)

    @property
    def message(self):
        return self.args[0] if self.args else None


class TemplateRuntimeError(TemplateError):
    pass


class UndefinedError(TemplateRuntimeError):
    pass


class FilterArgumentError(TemplateRuntimeError):
    pass


class SecurityError(TemplateRuntimeError):
    pass


class TemplateSyntaxError(TemplateError):
    def __init__(self, message, lineno=None, name=None, filename=None):
        super().__init__(message)
        self.lineno = lineno
        self.name = name
        self.filename = filename


class TemplateNotFound(IOError, LookupError, TemplateError):
    pass


class Undefined(object):
    def __init__(self, hint=None, obj=None, name=None, exc=UndefinedError):
        self._undefined_hint = hint
        self._undefined_name = name

    def __bool__(self):
        return False

    def __str__(self):
        return ''

    def __iter__(self):
        return iter(())

    def __repr__(self):
        return 'Undefined'


class StrictUndefined(Undefined):
    def __str__(self):
        raise UndefinedError(self._undefined_hint or '%r is undefined' % self._undefined_name)


class Markup(str):
    pass


def is_undefined(value):
    return isinstance(value, Undefined)
