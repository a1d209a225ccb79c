class TestModule(object):
    def tests(self):
        return {'env_test': lambda v: bool(v)}
