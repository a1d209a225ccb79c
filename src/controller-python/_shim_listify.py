# ansible.utils.listify for Python plugins: the terms of a lookup as a list (a string or a single
# value becomes a list of one).
from collections.abc import Iterable


def listify_lookup_plugin_terms(terms, templar=None, fail_on_undefined=True, **kwargs):
    if isinstance(terms, (str, bytes)) or not isinstance(terms, Iterable):
        return [terms]
    return list(terms)
