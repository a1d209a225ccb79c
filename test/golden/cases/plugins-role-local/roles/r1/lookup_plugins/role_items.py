from ansible.plugins.lookup import LookupBase


class LookupModule(LookupBase):
    def run(self, terms, variables=None, **kwargs):
        return ['%s in %s' % (t, variables.get('role_name', '?')) for t in terms]
