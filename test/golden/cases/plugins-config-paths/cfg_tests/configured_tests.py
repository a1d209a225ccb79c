class TestModule(object):
    def tests(self):
        return {'configured_test': lambda v: v == 'yes'}
