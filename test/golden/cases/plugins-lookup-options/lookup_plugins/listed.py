from ansible.plugins.lookup import LookupBase
from ansible.utils.listify import listify_lookup_plugin_terms


class LookupModule(LookupBase):
    def run(self, terms, variables=None, **kwargs):
        return [listify_lookup_plugin_terms(term) for term in terms]
