from ansible.errors import AnsibleError, AnsibleLookupError
from ansible.plugins.lookup import LookupBase


class LookupModule(LookupBase):
    def run(self, terms, variables=None, **kwargs):
        if terms and terms[0] == 'value':
            raise ValueError('a value error')
        if terms and terms[0] == 'string':
            return 'not a list'
        raise AnsibleLookupError('cannot look up %s' % terms)
