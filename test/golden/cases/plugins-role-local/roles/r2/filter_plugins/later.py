class FilterModule(object):
    def filters(self):
        return {'from_r2': lambda v: 'r2 filter: %s' % v}
