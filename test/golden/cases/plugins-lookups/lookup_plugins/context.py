from ansible.plugins.lookup import LookupBase
from ansible.utils.display import Display

display = Display()


class LookupModule(LookupBase):
    def run(self, terms, variables=None, **kwargs):
        display.warning('context lookup for %s' % ', '.join(terms))
        display.vvv('not shown')
        found = self.find_file_in_search_path(variables, 'files', terms[0])
        missing = self.find_file_in_search_path(variables, 'files', 'nosuch.txt')
        with open(found) as f:
            content = f.read().strip()
        return [{'content': content, 'missing': missing,
                 'raw': variables['greeting'], 'templated': self._templar.template(variables['greeting']),
                 'built': self._templar.template('{{ who }}'), 'has_who': 'who' in variables,
                 'no_var': variables.get('nosuch_var', 'none')}]
