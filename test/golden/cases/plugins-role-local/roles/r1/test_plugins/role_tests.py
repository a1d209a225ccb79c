class TestModule(object):
    def tests(self):
        return {'role_thing': lambda v: v == 'thing'}
