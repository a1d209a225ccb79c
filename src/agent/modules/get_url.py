# get_url: download a URL to a file (or into a directory) with checksum, backup and file modes,
# through the HTTP client uri uses too (the helper module _http_client).
import email.message
import os
import re
import shutil
import tempfile
from datetime import datetime, timezone
from urllib.parse import urlsplit

from _http_client import fetch_url

ARGUMENT_SPEC = {
    'url': {'type': 'str', 'required': True},
    'dest': {'type': 'path', 'required': True},
    'force': {'type': 'bool', 'default': False},
    'http_agent': {'type': 'str', 'default': 'ansible-httpget'},
    'use_proxy': {'type': 'bool', 'default': True},
    'validate_certs': {'type': 'bool', 'default': True},
    'url_username': {'type': 'str', 'aliases': ['username']},
    'url_password': {'type': 'str', 'no_log': True, 'aliases': ['password']},
    'force_basic_auth': {'type': 'bool', 'default': False},
    'client_cert': {'type': 'path'},
    'client_key': {'type': 'path'},
    'use_gssapi': {'type': 'bool', 'default': False},
    'backup': {'type': 'bool', 'default': False},
    'checksum': {'type': 'str', 'default': ''},
    'timeout': {'type': 'int', 'default': 10},
    'headers': {'type': 'dict'},
    'tmp_dest': {'type': 'path'},
    'unredirected_headers': {'type': 'list', 'elements': 'str', 'default': []},
    'decompress': {'type': 'bool', 'default': True},
    'ciphers': {'type': 'list', 'elements': 'str'},
    'use_netrc': {'type': 'bool', 'default': True},
}
SUPPORTS_CHECK_MODE = True
ADD_FILE_COMMON_ARGS = True

# ---------------------------------------------------------------- get_url

_BSD_DIGEST_LINE = re.compile(r'^(\w+) ?\((?P<path>.+)\) ?= (?P<digest>[\w.]+)$')
_GNU_DIGEST_LINE = re.compile(r'^(?P<digest>[\w.]+)\s+(\*|\.\/|\.)?(?P<path>.+)$')


def url_filename(url):
    return os.path.basename(urlsplit(url)[2]) or 'index.html'


def filename_from_headers(info):
    msg = email.message.Message()
    msg['content-disposition'] = info.get('content-disposition', '')
    filename = msg.get_param('filename', header='content-disposition')
    return os.path.basename(filename) if filename else filename


def is_url(value):
    return urlsplit(value).scheme in ('http', 'https', 'ftp', 'file')


def parse_digest_lines(filename, lines):
    if len(lines) == 1 and len(lines[0].split()) == 1:
        return [(lines[0], filename)]
    found = []
    for line in lines:
        m = _BSD_DIGEST_LINE.match(line)
        if m:
            found.append((m.group('digest'), m.group('path')))
            continue
        m = _GNU_DIGEST_LINE.match(line)
        if m:
            found.append((m.group('digest'), m.group('path').lstrip('./')))
    return found


class Downloader(object):
    def __init__(self, params, ctx, fetch_url):
        self.p = params
        self.ctx = ctx
        self.fetch_url = fetch_url

    def get(self, url, dest, last_mod_time, force, method='GET', decompress=True):
        """The body in a temp file and the request info, or the module's answer for 304 / errors."""
        p = self.p
        start = datetime.now(timezone.utc)
        # NOTE: get_url follows redirects as fetch_url's default does ('urllib2': everything).
        rsp, info = self.fetch_url(self.ctx, dict(p, follow_redirects='urllib2'), url, use_proxy=p['use_proxy'],
                                   force=force, last_mod_time=last_mod_time, timeout=p['timeout'],
                                   headers=p['headers'], method=method,
                                   unredirected_headers=p['unredirected_headers'], decompress=decompress,
                                   ciphers=p['ciphers'], use_netrc=p['use_netrc'])
        elapsed = (datetime.now(timezone.utc) - start).seconds
        if info['status'] == 304:
            self.ctx.exit(url=url, dest=dest, changed=False, msg=info.get('msg', ''), status_code=info['status'],
                          elapsed=elapsed)
        if info['status'] == -1:
            self.ctx.fail(info['msg'], url=url, dest=dest, elapsed=elapsed)
        if info['status'] != 200 and not url.startswith('file:/') and \
                not (url.startswith('ftp:/') and info.get('msg', '').startswith('OK')):
            self.ctx.fail('Request failed', status_code=info['status'], response=info['msg'], url=url, dest=dest,
                          elapsed=elapsed)
        tmp_dest = p['tmp_dest']
        if tmp_dest:
            if not os.path.isdir(tmp_dest):
                if os.path.exists(tmp_dest):
                    self.ctx.fail('%s is a file but should be a directory.' % tmp_dest, elapsed=elapsed)
                self.ctx.fail('%s directory does not exist.' % tmp_dest, elapsed=elapsed)
        else:
            tmp_dest = self.ctx.tmpdir
        fd, tempname = tempfile.mkstemp(dir=tmp_dest)
        with os.fdopen(fd, 'wb') as f:
            try:
                shutil.copyfileobj(rsp, f)
            except Exception as e:
                os.remove(tempname)
                self.ctx.fail('failed to create temporary content file: %s' % e, elapsed=elapsed)
        rsp.close()
        is_gzip = info.get('content-encoding') == 'gzip'
        if not self.ctx.check_mode and 'content-length' in info and (not is_gzip or not decompress):
            size = os.stat(tempname).st_size
            cl = int(info['content-length'])
            if size != cl:
                self.ctx.fail('Incomplete read, (rsp.length=%s, cl=%s, st.st_size=%s) failed to read remaining %s bytes'
                              % (rsp.length, cl, size, cl - size))
        return tempname, info


def run(params, ctx):
    dl = Downloader(params, ctx, fetch_url)
    url, dest, force, checksum = params['url'], params['dest'], params['force'], params['checksum']
    result = {'changed': False, 'checksum_dest': None, 'checksum_src': None, 'dest': dest, 'elapsed': 0, 'url': url}
    dest_is_dir = os.path.isdir(dest)
    last_mod_time = None
    algorithm = None
    if checksum:
        try:
            algorithm, checksum = checksum.split(':', 1)
        except ValueError:
            ctx.fail('The checksum parameter has to be in format <algorithm>:<checksum>', **result)
        if is_url(checksum):
            checksum_url = checksum
            tmp, _ = dl.get(checksum_url, dest, None, force)
            with open(tmp) as f:
                lines = [line.rstrip('\n') for line in f]
            os.remove(tmp)
            filename = url_filename(url)
            checksum = next((c for c, f in parse_digest_lines(filename, lines) if f == filename), None)
            if checksum is None:
                ctx.fail("Unable to find a checksum for file '%s' in '%s'" % (filename, checksum_url))
        checksum = re.sub(r'\W+', '', checksum).lower()
        try:
            int(checksum, 16)
        except ValueError:
            ctx.fail('The checksum format is invalid', **result)
    if not dest_is_dir and os.path.exists(dest):
        mismatch = False
        if not force and checksum != '':
            if checksum != ctx.digest_from_file(dest, algorithm):
                mismatch = True
        if not force and checksum and not mismatch:
            file_args = ctx.load_file_common_arguments(params, path=dest)
            result['changed'] = ctx.set_fs_attributes_if_different(file_args, False)
            if result['changed']:
                ctx.exit(msg='file already exists but file attributes changed', **result)
            ctx.exit(msg='file already exists', **result)
        last_mod_time = datetime.fromtimestamp(os.path.getmtime(dest), timezone.utc)
        if mismatch:
            force = True
    start = datetime.now(timezone.utc)
    # NOTE: in check mode only a HEAD request is made; its (empty) body's checksum is compared.
    tmpsrc, info = dl.get(url, dest, last_mod_time, force, 'HEAD' if ctx.check_mode else 'GET', params['decompress'])
    result['elapsed'] = (datetime.now(timezone.utc) - start).seconds
    result['src'] = tmpsrc
    if dest_is_dir:
        dest = os.path.join(dest, filename_from_headers(info) or url_filename(info['url']))
        result['dest'] = dest
    if not os.access(tmpsrc, os.R_OK):
        os.remove(tmpsrc)
        ctx.fail('Source %s is not readable' % tmpsrc, **result)
    result['checksum_src'] = ctx.sha1(tmpsrc)
    parent = os.path.dirname(dest)
    if os.path.exists(dest):
        for flag, word in ((os.W_OK, 'writable'), (os.R_OK, 'readable')):
            if not os.access(dest, flag):
                os.remove(tmpsrc)
                ctx.fail('Destination %s is not %s' % (dest, word), **result)
        result['checksum_dest'] = ctx.sha1(dest)
    else:
        if not os.path.exists(parent):
            os.remove(tmpsrc)
            ctx.fail('Destination %s does not exist' % parent, **result)
        if not os.access(parent, os.W_OK):
            os.remove(tmpsrc)
            ctx.fail('Destination %s is not writable' % parent, **result)
    if ctx.check_mode:
        if os.path.exists(tmpsrc):
            os.remove(tmpsrc)
        result['changed'] = 'checksum_dest' not in result or result['checksum_src'] != result['checksum_dest']
        ctx.exit(msg=info.get('msg', ''), **result)
    if checksum != '':
        got = ctx.digest_from_file(tmpsrc, algorithm)
        if checksum != got:
            os.remove(tmpsrc)
            ctx.fail('The checksum for %s did not match %s; it was %s.' % (tmpsrc, checksum, got), **result)
    backup_file = None
    if result['checksum_src'] != result['checksum_dest']:
        try:
            if params['backup'] and os.path.exists(dest):
                backup_file = ctx.backup_local(dest)
            ctx.atomic_move(tmpsrc, dest)
        except Exception as e:
            if os.path.exists(tmpsrc):
                os.remove(tmpsrc)
            ctx.fail('failed to copy %s to %s: %s' % (tmpsrc, dest, e), **result)
        result['changed'] = True
    else:
        result['changed'] = False
        if os.path.exists(tmpsrc):
            os.remove(tmpsrc)
    file_args = ctx.load_file_common_arguments(params, path=dest)
    result['changed'] = ctx.set_fs_attributes_if_different(file_args, result['changed'])
    try:
        result['md5sum'] = ctx.md5(dest)
    except ValueError:
        result['md5sum'] = None
    if backup_file:
        result['backup_file'] = backup_file
    ctx.exit(msg=info.get('msg', ''), status_code=info.get('status', ''), **result)
