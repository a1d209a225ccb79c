class FilterModule(object):
    def filters(self):
        raise RuntimeError('cannot list my filters')
