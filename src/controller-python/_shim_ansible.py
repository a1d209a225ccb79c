# The `ansible` package as Python plugins see it under Volant: the ansible-core version Volant
# follows. Its submodules (errors, plugins.lookup, utils.display …) are Volant's shims.
__version__ = '2.19.11'
__author__ = 'Ansible, Inc.'

__path__ = []  # a package: ansible.errors, ansible.plugins … import below it
