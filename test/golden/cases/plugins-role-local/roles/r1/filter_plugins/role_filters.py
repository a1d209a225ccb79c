class FilterModule(object):
    def filters(self):
        return {'from_role': lambda v: 'r1 filter: %s' % v}
