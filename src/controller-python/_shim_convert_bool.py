# ansible.module_utils.parsing.convert_bool for Python plugins: boolean() with the words
# ansible-core accepts for true and false.
BOOLEANS_TRUE = frozenset(('y', 'yes', 'on', '1', 'true', 't', 1, 1.0, True))
BOOLEANS_FALSE = frozenset(('n', 'no', 'off', '0', 'false', 'f', 0, 0.0, False))
BOOLEANS = BOOLEANS_TRUE.union(BOOLEANS_FALSE)


def boolean(value, strict=True):
    if isinstance(value, bool):
        return value
    normalized = value.lower().strip() if isinstance(value, (str, bytes)) else value
    if isinstance(normalized, bytes):
        normalized = normalized.decode('utf-8', 'replace')
    if normalized in BOOLEANS_TRUE:
        return True
    if normalized in BOOLEANS_FALSE or not strict:
        return False
    raise TypeError("The value '%s' is not a valid boolean.  Valid booleans include: %s"
                    % (value, ', '.join(repr(b) for b in sorted(BOOLEANS, key=str))))
