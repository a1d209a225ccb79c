# apt_key: a key in apt's keyring through apt-key (add from a file, inline data, a URL or a
# keyserver; delete by id). The key's id is read with gpg when none is given; the keys apt-key
# lists before and after are returned, as ansible's module does.
import os

import volant_runtime
from _http_client import fetch_url

ARGUMENT_SPEC = {
    'id': {'type': 'str'},
    'url': {'type': 'str'},
    'data': {'type': 'str'},
    'file': {'type': 'path'},
    'keyring': {'type': 'path'},
    'validate_certs': {'type': 'bool', 'default': True},
    'keyserver': {'type': 'str'},
    'state': {'type': 'str', 'default': 'present', 'choices': ['absent', 'present']},
}
SUPPORTS_CHECK_MODE = True
MUTUALLY_EXCLUSIVE = [['data', 'file', 'keyserver', 'url']]
ADD_PATH_INFO = False

_NOT_DONE = 'apt-key did not return an error, but %s (check that the id is correct and *not* a subkey)'
_ARMOR_HEADER = '-----BEGIN PGP PUBLIC KEY BLOCK-----'


def split_key_id(key_id):
    """(short id for apt-key del, 16-char id as --list-public-keys shows it, the whole id);
    ValueError unless 8, 16 or more than 16 hex digits (with an optional 0x)."""
    int(str(key_id), 16)
    key_id = key_id.upper()
    if key_id.startswith('0X'):
        key_id = key_id[2:]
    if len(key_id) not in (8, 16) and len(key_id) <= 16:
        raise ValueError('key_id must be 8, 16, or 16+ hexadecimal characters in length')
    return key_id[-8:], key_id[-16:] if len(key_id) > 16 else key_id, key_id


def key_ids_in(output, short=False):
    """The key ids of the pub/sub lines that are not expired: apt-key's 'rsa4096/ID' or gpg's colons."""
    found = []
    for line in output.split('\n'):
        if not (line.startswith('pub') or line.startswith('sub')) or 'expired' in line:
            continue
        try:
            _, code = line.split()[1].split('/')
        except (IndexError, ValueError):
            fields = line.split(':')
            if len(fields) <= 4:
                continue
            code = fields[4]
        found.append(code)
    return [k[-8:] for k in found] if short else found


class AptKey(object):
    def __init__(self, ctx, params):
        self.ctx = ctx
        self.params = params
        self.keyring = params['keyring']
        self.apt_key = ctx.get_bin_path('apt-key', required=True)
        self.gpg = ctx.get_bin_path('gpg', required=True)
        locale = ctx.best_parsable_locale()
        self.lang_env = dict.fromkeys(('LANG', 'LC_ALL', 'LC_MESSAGES', 'LANGUAGE'), locale)

    def command(self, rest):
        keyring = '--keyring %s ' % self.keyring if self.keyring else ''
        return '%s %s%s' % (self.apt_key, keyring, rest)

    def keys(self, short):
        cmd = self.command('adv --list-public-keys --keyid-format=long')
        rc, out, err = self.ctx.run_command(cmd)
        if rc != 0:
            self.ctx.fail('Unable to list public keys', cmd=cmd, rc=rc, stdout=out, stderr=err)
        return key_ids_in(out, short)

    def download(self, url):
        try:
            rsp, info = fetch_url(self.ctx, self.params, url, use_proxy=True)
            if info['status'] != 200:
                self.ctx.fail('Failed to download key at %s: %s' % (url, info['msg']))
            return rsp.read()
        except volant_runtime.ModuleFailed:
            raise
        except Exception:
            self.ctx.fail('Error getting key id from url: %s' % url)

    def id_from(self, filename, data=None):
        text = data.decode('utf-8', 'surrogateescape') if isinstance(data, bytes) else data
        armored = text is not None and _ARMOR_HEADER in text
        rc, out, err = self.ctx.run_command([self.gpg, '--with-colons', filename], environ_update=self.lang_env,
                                            data=text if armored else data, binary_data=not armored)
        if rc != 0:
            self.ctx.fail("Unable to extract key from '%s'" % ('inline data' if data is not None else filename),
                          stdout=out, stderr=err)
        found = key_ids_in(out)
        return found[0] if found else None

    def add(self, keyfile, data=None):
        if data is not None:
            cmd = self.command('add -')
            rc, out, err = self.ctx.run_command(cmd, data=data, binary_data=True)
            if rc != 0:
                self.ctx.fail('Unable to add a key from binary data', cmd=cmd, rc=rc, stdout=out, stderr=err)
            return
        cmd = self.command('add %s' % keyfile)
        rc, out, err = self.ctx.run_command(cmd)
        if rc != 0:
            self.ctx.fail('Unable to add a key from file %s' % keyfile, cmd=cmd, rc=rc, keyfile=keyfile, stdout=out,
                          stderr=err)

    def receive(self, keyserver, key_id):
        cmd = self.command('adv --no-tty --keyserver %s' % keyserver)
        proxy = next((os.environ[v] for v in ('HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy')
                      if os.environ.get(v)), None)
        if proxy:
            cmd += ' --keyserver-options http-proxy=%s' % proxy
        cmd = '%s --recv %s' % (cmd, key_id)
        for _ in range(5):
            rc, out, err = self.ctx.run_command(cmd, environ_update=self.lang_env)
            if rc == 0:
                return
        if rc == 2 and 'not found on keyserver' in out:
            self.ctx.fail('Key %s not found on keyserver %s' % (key_id, keyserver), cmd=cmd,
                          forced_environment=self.lang_env)
        self.ctx.fail('Error fetching key %s from keyserver: %s' % (key_id, keyserver), cmd=cmd,
                      forced_environment=self.lang_env, rc=rc, stdout=out, stderr=err)

    def delete(self, short_id):
        cmd = self.command('del %s' % short_id)
        rc, out, err = self.ctx.run_command(cmd)
        if rc != 0:
            self.ctx.fail('Unable to remove a key with id %s' % short_id, cmd=cmd, rc=rc, key_id=short_id, stdout=out,
                          stderr=err)


def run(params, ctx):
    k = AptKey(ctx, params)
    key_id, url, data, filename = params['id'], params['url'], params['data'], params['file']
    keyserver = params['keyserver']
    r = {'changed': False}
    if not key_id:
        if keyserver:
            ctx.fail('Missing key_id, required with keyserver.')
        if url:
            data = k.download(url)
        if filename:
            key_id = k.id_from(filename)
        elif data:
            key_id = k.id_from('-', data)
    r['id'] = key_id
    try:
        short_id, fingerprint, key_id = split_key_id(key_id)
    except ValueError:
        ctx.fail('Invalid key_id', **r)
    r.update(short_id=short_id, fp=fingerprint, key_id=key_id)
    short = len(key_id) == 8
    wanted = short_id if short else fingerprint
    r['before'] = keys = k.keys(short)
    if params['state'] == 'present':
        if wanted in keys:
            return r
        r['changed'] = True
        if ctx.check_mode:
            return r
        if filename:
            k.add(filename)
        elif keyserver:
            k.receive(keyserver, key_id)
        elif data:
            k.add('-', data)
        elif url:
            k.add('-', k.download(url))
        else:
            ctx.fail('No key to add ... how did i get here?!?!', **r)
        r['after'] = k.keys(short)
        if wanted not in r['after']:
            ctx.fail(_NOT_DONE % 'failed to add the key', **r)
        return r
    if fingerprint in keys:
        r['changed'] = True
        if not ctx.check_mode:
            k.delete(short_id)
            r['after'] = k.keys(short)
            if fingerprint in r['after']:
                ctx.fail(_NOT_DONE % 'the key was not removed', **r)
    return r
