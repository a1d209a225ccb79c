from . import VERSION
from .more import twice
def describe(x):
    return 'v%s:%s' % (VERSION, twice(x))
