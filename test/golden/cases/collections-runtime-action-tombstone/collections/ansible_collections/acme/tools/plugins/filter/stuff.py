class FilterModule(object):
    def filters(self):
        return {'double': lambda x: x * 2}
