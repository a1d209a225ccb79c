class FilterModule(object):
    def filters(self):
        return {'who_wins': lambda v: 'the playbook directory'}
