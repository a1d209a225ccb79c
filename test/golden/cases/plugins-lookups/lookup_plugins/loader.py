import os
from ansible.plugins.lookup import LookupBase
class LookupModule(LookupBase):
    def run(self, terms, variables=None, **kwargs):
        base = self._loader.get_basedir()
        p = self.find_file_in_search_path(variables, 'files', terms[0])
        content, shown = self._loader._get_file_contents(p)
        data = self._loader.load_from_file(self.find_file_in_search_path(variables, 'files', 'data.yml'))
        return [os.path.basename(base), os.path.relpath(self._loader.path_dwim('files/data.txt'), base), content.decode().strip(), shown, data, self._loader.path_exists('files'), self.get_basedir(variables) == base]
