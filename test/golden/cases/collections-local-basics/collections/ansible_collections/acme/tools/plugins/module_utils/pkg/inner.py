from ansible_collections.acme.tools.plugins.module_utils.helper import shout
VAL = shout('inner')
