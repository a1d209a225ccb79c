class TestModule(object):
    def tests(self):
        return {'fine': lambda v: True}
