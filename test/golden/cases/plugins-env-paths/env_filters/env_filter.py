class FilterModule(object):
    def filters(self):
        return {'from_env': lambda v: 'from the environment: %s' % v}
