class FilterModule(object):
    def filters(self):
        return {'twice': lambda v: 'from b_second.py', 'second_only': lambda v: 'b_second.py'}
