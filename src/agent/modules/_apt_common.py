# What apt and apt_repository share (a helper module: shipped with the modules that import it,
# never run as a task): importing python3-apt, and refreshing the apt cache with retries.
import secrets
import time
import warnings


def import_apt(debfile=False):
    """(apt, apt_pkg) from python3-apt, or (None, None) when it is not installed."""
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings('ignore', 'apt API not stable yet', FutureWarning)
            import apt
            import apt_pkg
            if debfile:
                import apt.debfile  # noqa: F401 (apt.debfile.DebPackage)
        return apt, apt_pkg
    except ImportError:
        return None, None


def update_cache(ctx, apt, cache, retries, max_delay, retry_warning, sleep_warning, dry_run=False):
    """Refreshes `cache` as Ansible's apt modules do: up to `retries` tries, sleeping 2**attempt
    seconds plus one random fraction (at most `max_delay` plus it) after each failed one, with a
    warning for the failure and one for the sleep (each module words them its own way). Returns
    None once refreshed, else the last error ('' when there was none to try)."""
    err = ''
    randomize = secrets.randbelow(1000) / 1000.0
    for attempt in range(retries):
        try:
            if not dry_run:
                cache.update()
            return None
        except apt.cache.FetchFailedException as e:
            err = e
            ctx.warn(retry_warning % (attempt + 1, e))
        delay = 2 ** attempt + randomize
        if delay > max_delay:
            delay = max_delay + randomize
        time.sleep(delay)
        ctx.warn(sleep_warning % int(round(delay)))
    return err
