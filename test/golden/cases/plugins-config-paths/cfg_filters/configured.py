class FilterModule(object):
    def filters(self):
        return {'configured': lambda v: 'configured: %s' % v, 'who_wins': lambda v: 'the configured path'}
