from jinja2 import pass_context
@pass_context
def ctxget(c, v):
    return c.get(v)
class FilterModule:
    def filters(self):
        return {"shout": lambda v: v.upper() + "!", "ctxget": ctxget}
