# get_url: download a URL to a file (or into a directory) with checksum, backup and file modes.
# NOTE: the HTTP client below is uri's (without unix sockets): each module ships to the host as one
# self-contained file, and the agent has no shared module_utils yet.
import email.message
import gzip
import http.client
import http.cookiejar
import netrc
import os
import re
import shutil
import ssl
import tempfile
import traceback
import urllib.error
import urllib.request
from base64 import b64encode
from datetime import datetime, timezone
from urllib.parse import unquote, urlparse, urlsplit, urlunparse

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

# ---------------------------------------------------------------- the HTTP client (as uri's)

class _Redirects(urllib.request.HTTPRedirectHandler):
    """follow_redirects as Ansible means it: 'safe' follows only GET/HEAD, 'all' everything."""

    def __init__(self, follow):
        urllib.request.HTTPRedirectHandler.__init__(self)
        self.follow = follow

    http_error_308 = urllib.request.HTTPRedirectHandler.http_error_302

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        follow = self.follow
        if follow in ('urllib2', 'urllib'):
            return urllib.request.HTTPRedirectHandler.redirect_request(self, req, fp, code, msg, headers, newurl)
        if follow in ('no', 'none', False):
            raise urllib.error.HTTPError(newurl, code, msg, headers, fp)
        method = req.get_method()
        if follow in ('all', 'yes', True):
            if code < 300 or code >= 400:
                raise urllib.error.HTTPError(req.get_full_url(), code, msg, headers, fp)
        elif follow == 'safe':
            if code < 300 or code >= 400 or method not in ('GET', 'HEAD'):
                raise urllib.error.HTTPError(req.get_full_url(), code, msg, headers, fp)
        else:
            raise urllib.error.HTTPError(req.get_full_url(), code, msg, headers, fp)
        data = req.data
        newurl = newurl.replace(' ', '%20')
        if code in (307, 308):
            req_headers = req.headers
        else:
            data = None
            req_headers = dict((k, v) for k, v in req.headers.items()
                               if k.lower() not in ('content-length', 'content-type', 'transfer-encoding'))
            if code in (302, 303) and method != 'HEAD':
                method = 'GET'
            if code == 301 and method == 'POST':
                method = 'GET'
        return urllib.request.Request(newurl, data=data, headers=req_headers, origin_req_host=req.origin_req_host,
                                      unverifiable=True, method=method.upper())


def basic_auth_header(username, password):
    return 'Basic %s' % b64encode(('%s:%s' % (username, password)).encode('utf-8', 'surrogateescape')).decode()


def _auth(url, username, password, force_basic_auth, use_netrc):
    headers, handlers = {}, []
    parsed = urlparse(url)
    if parsed.scheme == 'ftp':
        return url, headers, handlers
    if username:
        netloc = parsed.netloc
    elif '@' in parsed.netloc:
        credentials, netloc = parsed.netloc.split('@', 1)
        username, _, password = credentials.partition(':')
        username, password = unquote(username), unquote(password)
        url = urlunparse(parsed._replace(netloc=netloc))
    if username and not force_basic_auth:
        passman = urllib.request.HTTPPasswordMgrWithDefaultRealm()
        passman.add_password(None, netloc, username, password)
        handlers += [urllib.request.HTTPBasicAuthHandler(passman), urllib.request.HTTPDigestAuthHandler(passman)]
    elif username and force_basic_auth:
        headers['Authorization'] = basic_auth_header(username, password)
    elif use_netrc:
        try:
            login = netrc.netrc(os.environ.get('NETRC')).authenticators(parsed.hostname)
        except (OSError, netrc.NetrcParseError):
            login = None
        if login and login[0] and login[2]:
            headers['Authorization'] = basic_auth_header(login[0], login[2])
    return url, headers, handlers


def _ssl_context(ca_path, ciphers, validate_certs, client_cert, client_key):
    context = ssl.create_default_context(cafile=ca_path)
    if not validate_certs:
        context.options |= ssl.OP_NO_SSLv3
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    if ciphers:
        context.set_ciphers(':'.join(ciphers))
    if client_cert:
        if hasattr(context, 'post_handshake_auth'):
            context.post_handshake_auth = True
        context.load_cert_chain(client_cert, keyfile=client_key)
    return context


def rfc2822_date_string(tt, zone='-0000'):
    return '%s, %02d %s %04d %02d:%02d:%02d %s' % (
        ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][tt[6]], tt[2],
        ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][tt[1] - 1],
        tt[0], tt[3], tt[4], tt[5], zone)


def open_url(url, data=None, headers=None, method='GET', use_proxy=True, force=False, last_mod_time=None,
             timeout=10, validate_certs=True, url_username=None, url_password=None, http_agent=None,
             force_basic_auth=False, follow_redirects='urllib2', client_cert=None, client_key=None, cookies=None,
             unix_socket=None, ca_path=None, unredirected_headers=None, decompress=True, ciphers=None,
             use_netrc=True):
    headers = dict(headers or {})
    handlers = []
    url, auth_headers, auth_handlers = _auth(url, url_username, url_password, force_basic_auth, use_netrc)
    headers.update(auth_headers)
    handlers.extend(auth_handlers)
    if not use_proxy:
        handlers.append(urllib.request.ProxyHandler({}))
    handlers.append(urllib.request.HTTPSHandler(
        context=_ssl_context(ca_path, ciphers, validate_certs, client_cert, client_key)))
    handlers.append(_Redirects(follow_redirects))
    if cookies is not None:
        handlers.append(urllib.request.HTTPCookieProcessor(cookies))
    opener = urllib.request.build_opener(*handlers)
    if isinstance(data, str):
        data = data.encode('utf-8', 'surrogateescape')
    request = urllib.request.Request(url, data=data, method=method.upper())
    if http_agent:
        request.add_header('User-agent', http_agent)
    if force:
        request.add_header('cache-control', 'no-cache')
    elif last_mod_time:
        request.add_header('If-Modified-Since', rfc2822_date_string(last_mod_time.timetuple(), 'GMT'))
    unredirected = [h.lower() for h in (unredirected_headers or [])]
    for name, value in headers.items():
        if name.lower() in unredirected:
            request.add_unredirected_header(name, value)
        else:
            request.add_header(name, value)
    r = opener.open(request, None, timeout)
    if decompress and r.headers.get('content-encoding', '').lower() == 'gzip':
        r.fp = gzip.GzipFile(mode='rb', fileobj=r.fp)
        r.length = None
    return r


def fetch_url(ctx, params, url, data=None, headers=None, method=None, use_proxy=None, force=False,
              last_mod_time=None, timeout=10, unix_socket=None, ca_path=None, unredirected_headers=None,
              decompress=True, ciphers=None, use_netrc=True):
    """(response or None, info dict) as ansible's fetch_url; failures to connect are in info."""
    cookies = http.cookiejar.CookieJar()
    info = {'url': url, 'status': -1}
    r = None
    old_tempdir = tempfile.tempdir
    tempfile.tempdir = ctx.tmpdir
    try:
        r = open_url(url, data=data, headers=headers, method=method or 'GET',
                     use_proxy=params.get('use_proxy', True) if use_proxy is None else use_proxy, force=force,
                     last_mod_time=last_mod_time, timeout=timeout, validate_certs=params.get('validate_certs', True),
                     url_username=params.get('url_username', ''), url_password=params.get('url_password', ''),
                     http_agent=params.get('http_agent', 'ansible-httpget'),
                     force_basic_auth=params.get('force_basic_auth', ''),
                     follow_redirects=params.get('follow_redirects', 'urllib2'),
                     client_cert=params.get('client_cert'), client_key=params.get('client_key'), cookies=cookies,
                     unix_socket=unix_socket, ca_path=ca_path, unredirected_headers=unredirected_headers,
                     decompress=decompress, ciphers=ciphers, use_netrc=use_netrc)
        info.update(dict((k.lower(), v) for k, v in r.info().items()))
        merged = {}
        for name, value in r.headers.items():
            name = name.lower()
            merged[name] = ', '.join((merged[name], value)) if name in merged else value
        info.update(merged)
        info['cookies_string'] = '; '.join('%s=%s' % (c.name, c.value) for c in cookies)
        info['cookies'] = dict((c.name, c.value) for c in cookies)
        info.update(msg='OK (%s bytes)' % r.headers.get('Content-Length', 'unknown'), url=r.geturl(), status=r.code)
    except (ConnectionError, ValueError) as e:
        ctx.fail(str(e), **info)
    except urllib.error.HTTPError as e:
        r = e
        try:
            if e.fp is None:
                raise AttributeError
            body = e.read()
        except AttributeError:
            body = ''
        else:
            e.close()
        try:
            info.update(dict((k.lower(), v) for k, v in e.info().items()))
        except Exception:
            pass
        info.update({'msg': str(e), 'body': body, 'status': e.code})
    except urllib.error.URLError as e:
        info.update(msg='Request failed: %s' % e, status=int(getattr(e, 'code', -1)))
    except OSError as e:
        info.update(msg='Connection failure: %s' % e, status=-1)
    except http.client.BadStatusLine as e:
        info.update(msg='Connection failure: connection was closed before a valid response was received: %s'
                    % e.line, status=-1)
    except Exception as e:
        info.update(msg='An unknown error occurred: %s' % e, status=-1, exception=traceback.format_exc())
    finally:
        tempfile.tempdir = old_tempdir
    return r, info



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
