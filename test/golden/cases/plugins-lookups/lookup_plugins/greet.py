from ansible.plugins.lookup import LookupBase
from ansible.utils.display import Display

display = Display()


class LookupModule(LookupBase):
    def run(self, terms, variables=None, **kwargs):
        self.set_options(var_options=variables, direct=kwargs)
        punctuation = kwargs.get('punctuation', '!')
        return ['hello %s%s' % (term, punctuation) for term in terms]
