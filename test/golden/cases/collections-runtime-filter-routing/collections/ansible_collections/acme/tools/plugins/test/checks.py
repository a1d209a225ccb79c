class TestModule(object):
    def tests(self):
        return {'shouty': lambda s: s == s.upper()}
