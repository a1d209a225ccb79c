# ansible.utils.display for Python plugins: warnings, deprecations, display() and the verbose
# messages (at the run's -v level) reach Volant's display as ansible-core's would; debug and
# error messages are dropped.
import _volant_host


class Display(object):

    def __init__(self, verbosity=0):
        pass

    @property
    def verbosity(self):
        return _volant_host.verbosity()

    def warning(self, msg, formatted=False, obj=None, help_text=None):
        _volant_host.ask({'warn': str(msg)})

    def deprecated(self, msg, version=None, removed=False, date=None, collection_name=None, **kwargs):
        _volant_host.ask({'deprecate': str(msg), 'version': version})

    def display(self, msg, color=None, stderr=False, screen_only=False, log_only=False, newline=True, **kwargs):
        if not log_only:
            _volant_host.ask({'display': str(msg), 'verbosity': 0, 'stderr': bool(stderr)})

    def verbose(self, msg, host=None, caplevel=2):
        if self.verbosity > caplevel:
            text = str(msg) if host is None else '<%s> %s' % (host, msg)
            _volant_host.ask({'display': text, 'verbosity': caplevel + 1, 'stderr': False})

    def v(self, msg, host=None):
        return self.verbose(msg, host=host, caplevel=0)

    def vv(self, msg, host=None):
        return self.verbose(msg, host=host, caplevel=1)

    def vvv(self, msg, host=None):
        return self.verbose(msg, host=host, caplevel=2)

    def vvvv(self, msg, host=None):
        return self.verbose(msg, host=host, caplevel=3)

    def vvvvv(self, msg, host=None):
        return self.verbose(msg, host=host, caplevel=4)

    def vvvvvv(self, msg, host=None):
        return self.verbose(msg, host=host, caplevel=5)

    def debug(self, msg, host=None):
        pass

    def error(self, msg, wrap_text=True):
        pass
