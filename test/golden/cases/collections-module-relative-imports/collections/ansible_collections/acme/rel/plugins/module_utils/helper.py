from .strings import upper


def shout(s):
    return upper(s) + '!'
