# yum_repository: one repository section of a .repo file in /etc/yum.repos.d (INI, written with
# configparser as ansible's module does), with a diff of the file's sections before and after.
import configparser
import os

ARGUMENT_SPEC = {
    'bandwidth': {},
    'baseurl': {'type': 'list', 'elements': 'str'},
    'cost': {},
    'countme': {'type': 'bool'},
    'deltarpm_metadata_percentage': {},
    'deltarpm_percentage': {},
    'description': {},
    'enabled': {'type': 'bool'},
    'enablegroups': {'type': 'bool'},
    'exclude': {'type': 'list', 'elements': 'str', 'aliases': ['excludepkgs']},
    'failovermethod': {'choices': ['roundrobin', 'priority']},
    'file': {},
    'gpgcakey': {'no_log': False},
    'gpgcheck': {'type': 'bool'},
    'gpgkey': {'type': 'list', 'elements': 'str', 'no_log': False},
    'module_hotfixes': {'type': 'bool'},
    'http_caching': {'choices': ['all', 'packages', 'none']},
    'include': {},
    'includepkgs': {'type': 'list', 'elements': 'str'},
    'ip_resolve': {'choices': ['4', '6', 'IPv4', 'IPv6', 'whatever']},
    'keepalive': {'type': 'bool'},
    'keepcache': {'choices': ['0', '1']},
    'metadata_expire': {},
    'metadata_expire_filter': {'choices': ['never', 'read-only:past', 'read-only:present', 'read-only:future']},
    'metalink': {},
    'mirrorlist': {},
    'mirrorlist_expire': {},
    'name': {'required': True},
    'password': {'no_log': True},
    'priority': {},
    'protect': {'type': 'bool'},
    'proxy': {},
    'proxy_password': {'no_log': True},
    'proxy_username': {},
    'repo_gpgcheck': {'type': 'bool'},
    'reposdir': {'default': '/etc/yum.repos.d', 'type': 'path'},
    'retries': {},
    's3_enabled': {'type': 'bool'},
    'skip_if_unavailable': {'type': 'bool'},
    'sslcacert': {'aliases': ['ca_cert']},
    'ssl_check_cert_permissions': {'type': 'bool'},
    'sslclientcert': {'aliases': ['client_cert']},
    'sslclientkey': {'aliases': ['client_key'], 'no_log': False},
    'sslverify': {'type': 'bool', 'aliases': ['validate_certs']},
    'state': {'choices': ['present', 'absent'], 'default': 'present'},
    'throttle': {},
    'timeout': {},
    'ui_repoid_vars': {},
    'username': {},
    'async': {'type': 'bool'},
}
SUPPORTS_CHECK_MODE = True
ADD_FILE_COMMON_ARGS = True
REQUIRED_IF = [['state', 'present', ['baseurl', 'mirrorlist', 'metalink'], True],
               ['state', 'present', ['description']]]
ADD_PATH_INFO = False

_FILE_ARGS = ('mode', 'owner', 'group', 'seuser', 'serole', 'selevel', 'setype', 'attributes', 'unsafe_writes')
# options dnf ignores: setting them is deprecated
_NO_EFFECT = ('deltarpm_metadata_percentage', 'gpgcakey', 'http_caching', 'keepalive', 'metadata_expire_filter',
              'mirrorlist_expire', 'protect', 'ssl_check_cert_permissions', 'ui_repoid_vars')


class RepoFile(object):
    def __init__(self, path):
        self.path = path
        self.ini = configparser.RawConfigParser()
        if os.path.isfile(path):
            self.ini.read(path)

    def dump(self):
        text = ''
        for section in sorted(self.ini.sections()):
            text += '[%s]\n' % section
            for key, value in sorted(self.ini.items(section)):
                text += '%s = %s\n' % (key, value)
            text += '\n'
        return text

    def put(self, ctx, section, options):
        self.ini.remove_section(section)
        self.ini.add_section(section)
        for key, value in sorted(options.items()):
            if value is None:
                continue
            if key == 'keepcache':
                ctx.deprecate("'keepcache' parameter is deprecated as it is only valid in the main configuration.",
                              version='2.20')
            elif key == 'async':
                ctx.deprecate("'async' parameter is deprecated as it has been removed on systems supported by "
                              "ansible-core", version='2.22')
            elif key in _NO_EFFECT:
                ctx.deprecate("'%s' parameter is deprecated as it has no effect with dnf as an underlying package "
                              "manager." % key, version='2.22')
            self.ini.set(section, key, str(int(value)) if isinstance(value, bool) else value)

    def save(self, ctx):
        if self.ini.sections():
            try:
                with open(self.path, 'w') as f:
                    self.ini.write(f)
            except OSError as e:
                ctx.fail('Problems handling file %r.' % self.path, details=str(e))
            return
        try:
            os.remove(self.path)
        except OSError as e:
            ctx.fail('Cannot remove empty repo file %s.' % self.path, details=str(e))


def run(params, ctx):
    options = dict(params)
    for alias in (ctx.aliases or {}):
        options.pop(alias, None)
    options.pop('attr', None)
    file_args = dict((key, options.pop(key, None)) for key in _FILE_ARGS)
    state = options.pop('state')
    repo_id = options['name']
    # the section is named after `name`; its name= line is the description
    options['name'] = options.pop('description')
    for key in ('baseurl', 'gpgkey'):
        if options[key] is not None:
            options[key] = '\n'.join(options[key])
    for key in ('exclude', 'includepkgs'):
        if options[key] is not None:
            options[key] = ' '.join(options[key])
    repos_dir = options.pop('reposdir')
    if not os.path.isdir(repos_dir):
        ctx.fail("Repo directory '%s' does not exist." % repos_dir)
    file_name = options.pop('file')
    dest = os.path.join(repos_dir, '%s.repo' % (repo_id if file_name is None else file_name))
    repo = RepoFile(dest)
    diff = {'before_header': dest, 'before': repo.dump(), 'after_header': dest, 'after': ''}
    if state == 'present':
        repo.put(ctx, repo_id, options)
    else:
        repo.ini.remove_section(repo_id)
    diff['after'] = repo.dump()
    changed = diff['before'] != diff['after']
    if changed and not ctx.check_mode:
        repo.save(ctx)
    if os.path.isfile(dest):
        changed = ctx.set_fs_attributes_if_different(ctx.load_file_common_arguments(file_args, path=dest), changed)
    return {'changed': changed, 'repo': repo_id, 'state': state, 'diff': diff}
