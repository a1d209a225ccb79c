class FilterModule(object):
    def filters(self):
        return {'deeper': lambda v: 'one level down: %s' % v}
