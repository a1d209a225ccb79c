DOCUMENTATION = """
name: opts
options:
  _terms:
    description: terms
  prefix:
    description: a prefix
    default: pre
  count:
    type: int
    default: 2
"""
from ansible.plugins.lookup import LookupBase
class LookupModule(LookupBase):
    def run(self, terms, variables=None, **kwargs):
        self.set_options(var_options=variables, direct=kwargs)
        hv = variables['hostvars'][variables['inventory_hostname']]
        return ['%s-%s-%s' % (self.get_option('prefix'), t, self.get_option('count')) for t in terms] + [sorted(k for k in variables if k.startswith('my')), hv['myvar'], variables['groups']['all']]
