from ansible.plugins.lookup import LookupBase
from ansible.utils.display import Display
display = Display()
class LookupModule(LookupBase):
    def run(self, terms, variables=None, **kwargs):
        display.display('displayed always')
        display.v('shown at -v')
        display.vv('shown at -vv')
        display.vvv('shown at -vvv')
        display.vvv('for a host', host='h1')
        display.debug('debug only')
        return [display.verbosity]
