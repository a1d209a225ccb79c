from jinja2 import pass_context, pass_environment, pass_eval_context
from ansible.module_utils.parsing.convert_bool import boolean

@pass_context
def with_ctx(context, value):
    return '%s %s %s %s' % (value, context.get('myvar'), context['other'], context.get('nosuch', 'dflt'))

@pass_environment
def with_env(environment, value):
    return '%s %s' % (value, type(environment).__name__ != '')

@pass_eval_context
def with_eval(eval_ctx, value):
    return '%s %s' % (value, eval_ctx.autoescape)

class FilterModule:
    def filters(self):
        return {'with_ctx': with_ctx, 'with_env': with_env, 'with_eval': with_eval, 'tobool': lambda v: boolean(v, strict=False)}
