class FilterModule(object):
    def filters(self):
        return {'twice': lambda v: 'from a_first.py', 'dotted.name': lambda v: 'never'}
