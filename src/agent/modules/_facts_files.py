# Reading /proc, /sys and /etc files as ansible-core's fact collectors do (its get_file_content and
# get_file_lines), for setup and its collector helpers.


def file_content(path, default=None, strip=True):
    """Like Ansible's get_file_content: default when missing, unreadable or empty."""
    # NOTE: ansible asks exists() and access() first; opening answers both (one syscall, not three)
    try:
        with open(path) as fh:
            data = fh.read()
    except Exception:
        return default
    if strip:
        data = data.strip()
    return data if len(data) > 0 else default


def file_lines(path, line_sep=None):
    data = file_content(path)
    if not data:
        return []
    if line_sep is None:
        return data.splitlines()
    if len(line_sep) == 1:
        return data.rstrip(line_sep).split(line_sep)
    return data.split(line_sep)
