"""What the plugin recorders walk, run inside the oracle: each filter and test name ansible-core
2.19's Jinja environment resolves (Jinja's own and every loaded plugin's short name), with its
function, by kind and then by name. Names the environment cannot resolve are left out."""
import jinja2.filters as jf, jinja2.tests as jt
from ansible.plugins.loader import filter_loader, test_loader
from ansible.template import Templar


def resolved_plugins():
    env = Templar(variables={}).environment
    for kind, loader, base, coll in (('filter', filter_loader, jf.FILTERS, env.filters), ('test', test_loader, jt.TESTS, env.tests)):
        names = set(base)
        for p in loader.all():
            names.add(p.ansible_name.split('.')[-1])
        entries = []
        for n in sorted(names):
            try:
                entries.append((n, coll[n]))
            except Exception:
                continue
        yield kind, entries
