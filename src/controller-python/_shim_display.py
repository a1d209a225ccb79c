# ansible.utils.display for Python plugins: warnings and deprecations reach Volant's display as
# ansible-core's would; verbose, debug, error and display messages are dropped.
import _volant_host


class Display(object):
    verbosity = 0

    def __init__(self, verbosity=0):
        pass

    def warning(self, msg, formatted=False, obj=None, help_text=None):
        _volant_host.ask({'warn': str(msg)})

    def deprecated(self, msg, version=None, removed=False, date=None, collection_name=None, **kwargs):
        _volant_host.ask({'deprecate': str(msg), 'version': version})

    def display(self, msg, *args, **kwargs):
        pass

    def _verbose(self, msg, host=None, caplevel=None):
        pass

    v = vv = vvv = vvvv = vvvvv = vvvvvv = debug = _verbose

    def error(self, msg, wrap_text=True):
        pass
