from .inner import VAL
