# ansible.plugins.lookup for Python plugins: LookupBase with its helpers, options read from the
# plugin's DOCUMENTATION (when PyYAML is there to read it) and set by set_options, and what a
# lookup reaches of the controller: the task's variables (read one by one, as they are used),
# its templar (renders variable text), a loader and its search path.
import os
import sys

import _volant_host
from ansible.errors import AnsibleError
from ansible.utils.display import Display
from ansible.utils.unsafe_proxy import _VolantVarText

display = Display()
_MISSING = object()


class AnsiblePlugin(object):
    allow_extras = False

    def __init__(self):
        self._options = {}
        self._defs = None

    def _option_defaults(self):
        if self._defs is None:
            self._defs = {}
            text = getattr(sys.modules.get(type(self).__module__), 'DOCUMENTATION', None)
            if isinstance(text, str):
                try:
                    import yaml
                    options = (yaml.safe_load(text) or {}).get('options') or {}
                except Exception:
                    options = {}
                for name, spec in options.items():
                    self._defs[name] = spec.get('default') if isinstance(spec, dict) else None
        return self._defs

    def get_option(self, option, hostvars=None):
        if option in self._options:
            return self._options[option]
        defaults = self._option_defaults()
        if option in defaults:
            return defaults[option]
        raise KeyError('Requested entry (plugin_type: lookup plugin: %s setting: %s ) was not defined in configuration.'
                       % (getattr(self, '_load_name', type(self).__module__), option))

    def get_options(self, hostvars=None):
        options = dict(self._option_defaults())
        options.update(self._options)
        return options

    def has_option(self, option):
        return option in self._options or option in self._option_defaults()

    def set_option(self, option, value):
        self._options[option] = value

    def set_options(self, task_keys=None, var_options=None, direct=None):
        if direct:
            self._options.update(direct)


class LookupBase(AnsiblePlugin):

    def __init__(self, loader=None, templar=None, **kwargs):
        super(LookupBase, self).__init__()
        self._loader = loader
        self._templar = templar
        self._display = display

    def get_basedir(self, variables):
        if 'role_path' in variables:
            return variables['role_path']
        return _volant_host.ask({'basedir': True})

    @staticmethod
    def _flatten(terms):
        out = []
        for term in terms:
            if isinstance(term, (list, tuple)):
                out.extend(term)
            else:
                out.append(term)
        return out

    @staticmethod
    def _combine(a, b):
        return [LookupBase._flatten([x, y]) for x in a for y in b]

    @staticmethod
    def _flatten_hash_to_list(terms):
        return [{'key': key, 'value': terms[key]} for key in terms]

    def run(self, terms, variables=None, **kwargs):
        raise NotImplementedError

    def find_file_in_search_path(self, myvars, subdir, needle, ignore_missing=False):
        found = _volant_host.ask({'find': needle, 'subdir': subdir})
        if found is None and not ignore_missing:
            self._display.warning("Unable to find '%s' in expected paths (use -vvvvv to see paths)" % needle)
        return found

    def _deprecate_inline_kv(self):
        pass

    @staticmethod
    def _volant_templar():
        return _Templar()

    @staticmethod
    def _volant_loader():
        return _Loader()

    @staticmethod
    def _volant_variables():
        return _Variables()


class _Variables(dict):
    """The task's variables, as ansible-core passes them to a lookup (a dict of their written,
    untemplated values), fetched from the controller as the lookup reads them."""

    def __init__(self):
        super(_Variables, self).__init__()
        self._complete = False

    def _fetch(self, name):
        if not dict.__contains__(self, name) and not self._complete:
            reply = _volant_host.ask({'var': name})
            if reply is not None:
                dict.__setitem__(self, name, _var_text(reply['v']))
        return dict.get(self, name, _MISSING)

    def _fill(self):
        if not self._complete:
            for name in _volant_host.ask({'varnames': True}):
                self._fetch(name)
            self._complete = True

    def __getitem__(self, name):
        value = self._fetch(name)
        if value is _MISSING:
            raise KeyError(name)
        return value

    def get(self, name, default=None):
        value = self._fetch(name)
        return default if value is _MISSING else value

    def __contains__(self, name):
        return self._fetch(name) is not _MISSING

    def __iter__(self):
        self._fill()
        return dict.__iter__(self)

    def __len__(self):
        self._fill()
        return dict.__len__(self)

    def keys(self):
        self._fill()
        return dict.keys(self)

    def items(self):
        self._fill()
        return dict.items(self)

    def values(self):
        self._fill()
        return dict.values(self)

    def copy(self):
        self._fill()
        return dict(self)


# NOTE: ansible-core hands lookups a plain dict; plugins that print or check the type see 'dict'.
_Variables.__name__ = _Variables.__qualname__ = 'dict'


def _var_text(value):
    if isinstance(value, str) and type(value) is str:
        return _VolantVarText(value)
    if isinstance(value, list):
        return [_var_text(item) for item in value]
    if isinstance(value, dict):
        return dict((key, _var_text(item)) for key, item in value.items())
    return value


class _Loader(object):
    """What lookups use of ansible-core's DataLoader: paths from the playbook's directory, file
    contents (vault files are not opened here), the file tests."""

    def get_basedir(self):
        return _volant_host.ask({'basedir': True})

    def path_dwim(self, given):
        given = os.path.expanduser(given)
        return given if os.path.isabs(given) else os.path.normpath(os.path.join(self.get_basedir(), given))

    def path_dwim_relative(self, path, dirname, source, is_role=False):
        return self.path_dwim_relative_stack([path], dirname, source, is_role)

    def path_dwim_relative_stack(self, paths, dirname, source, is_role=False):
        found = _volant_host.ask({'find': source, 'subdir': dirname})
        if found is None:
            from ansible.errors import AnsibleFileNotFound
            raise AnsibleFileNotFound(file_name=source, paths=list(paths))
        return found

    def path_exists(self, path):
        return os.path.exists(self.path_dwim(path))

    def is_file(self, path):
        return os.path.isfile(self.path_dwim(path))

    def is_directory(self, path):
        return os.path.isdir(self.path_dwim(path))

    def list_directory(self, path):
        return os.listdir(self.path_dwim(path))

    def is_executable(self, path):
        return os.access(self.path_dwim(path), os.X_OK)

    def get_real_file(self, file_path, decrypt=True):
        return self.path_dwim(file_path)

    def cleanup_tmp_file(self, file_path):
        pass

    def _get_file_contents(self, file_name):
        with open(self.path_dwim(file_name), 'rb') as f:
            return f.read(), True

    def load_from_file(self, file_name, cache='all', unsafe=False, json_only=False):
        data = self._get_file_contents(file_name)[0].decode('utf-8')
        return self.load(data, file_name, json_only=json_only)

    def load(self, data, file_name='<string>', show_content=True, json_only=False):
        import json
        try:
            return json.loads(data)
        except ValueError:
            if json_only:
                raise
            import yaml
            return yaml.safe_load(data)


class _Templar(object):
    """What lookups use of ansible-core's Templar: template() renders variable text with the
    task's variables; text the plugin built itself is returned as it is, as 2.19 does."""

    def __init__(self):
        self._available_variables = None

    @property
    def available_variables(self):
        if self._available_variables is None:
            self._available_variables = _Variables()
        return self._available_variables

    @available_variables.setter
    def available_variables(self, value):
        self._available_variables = value

    def template(self, variable, *args, **kwargs):
        if isinstance(variable, _VolantVarText) and ('{{' in variable or '{%' in variable):
            return _volant_host.ask({'render': str(variable)})
        if isinstance(variable, list):
            return [self.template(item) for item in variable]
        if isinstance(variable, dict):
            return dict((key, self.template(item)) for key, item in variable.items())
        return variable

    def is_template(self, data):
        return isinstance(data, str) and ('{{' in data or '{%' in data)

    def copy_with_new_env(self, *args, **kwargs):
        return self

    def set_temporary_context(self, *args, **kwargs):
        import contextlib
        return contextlib.nullcontext()
