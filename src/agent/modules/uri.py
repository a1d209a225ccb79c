# uri: one HTTP(S) request with Python's urllib, answered as ansible's uri module answers it:
# the response headers (lower-case, dashes to underscores), status, msg "OK (N bytes)", cookies,
# json for JSON bodies, content on request, dest to save the body.
# Its fetch_url() is also what get_url uses (loaded through the agent).
import datetime
import email.mime.application
import email.mime.multipart
import email.mime.nonmultipart
import email.encoders
import email.generator
import email.parser
import email.policy
import gzip
import http.client
import http.cookiejar
import io
import json
import mimetypes
import netrc
import os
import re
import shutil
import socket
import ssl
import tempfile
import traceback
import urllib.error
import urllib.request
from base64 import b64encode
from urllib.parse import unquote, urlencode, urljoin, urlparse, urlunparse

URL_ARGUMENT_SPEC = {
    'url': {'type': 'str'},
    'force': {'type': 'bool', 'default': False},
    'http_agent': {'type': 'str', 'default': 'ansible-httpget'},
    'use_proxy': {'type': 'bool', 'default': True},
    'validate_certs': {'type': 'bool', 'default': True},
    'url_username': {'type': 'str'},
    'url_password': {'type': 'str', 'no_log': True},
    'force_basic_auth': {'type': 'bool', 'default': False},
    'client_cert': {'type': 'path'},
    'client_key': {'type': 'path'},
    'use_gssapi': {'type': 'bool', 'default': False},
}

ARGUMENT_SPEC = dict(URL_ARGUMENT_SPEC)
ARGUMENT_SPEC.update({
    'url': {'type': 'str', 'required': True},
    'follow_redirects': {'type': 'str', 'default': 'safe', 'choices': ['all', 'no', 'none', 'safe', 'urllib2', 'yes']},
    'dest': {'type': 'path'},
    'url_username': {'type': 'str', 'aliases': ['user']},
    'url_password': {'type': 'str', 'aliases': ['password'], 'no_log': True},
    'body': {'type': 'raw'},
    'body_format': {'type': 'str', 'default': 'raw', 'choices': ['form-urlencoded', 'json', 'raw', 'form-multipart']},
    'src': {'type': 'path'},
    'method': {'type': 'str', 'default': 'GET'},
    'return_content': {'type': 'bool', 'default': False},
    'creates': {'type': 'path'},
    'removes': {'type': 'path'},
    'status_code': {'type': 'list', 'elements': 'int', 'default': [200]},
    'timeout': {'type': 'int', 'default': 30},
    'headers': {'type': 'dict', 'default': {}},
    'unix_socket': {'type': 'path'},
    'remote_src': {'type': 'bool', 'default': False},
    'ca_path': {'type': 'path', 'default': None},
    'unredirected_headers': {'type': 'list', 'elements': 'str', 'default': []},
    'decompress': {'type': 'bool', 'default': True},
    'ciphers': {'type': 'list', 'elements': 'str'},
    'use_netrc': {'type': 'bool', 'default': True},
})
# NOTE: Ansible's uri does not declare check mode support: it is skipped under --check.
SUPPORTS_CHECK_MODE = False
ADD_FILE_COMMON_ARGS = True
MUTUALLY_EXCLUSIVE = [['body', 'src']]

JSON_CANDIDATES = {'json', 'javascript'}


# ---------------------------------------------------------------- the HTTP client (fetch_url)

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


class _UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, unix_socket, *args, **kwargs):
        http.client.HTTPConnection.__init__(self, *args, **kwargs)
        self._unix_socket = unix_socket

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self.sock.connect(self._unix_socket)
        except OSError as e:
            raise OSError('Invalid Socket File (%s): %s' % (self._unix_socket, e))
        if self.timeout is not socket._GLOBAL_DEFAULT_TIMEOUT:
            self.sock.settimeout(self.timeout)


class _UnixHTTPHandler(urllib.request.HTTPHandler):
    def __init__(self, unix_socket):
        urllib.request.HTTPHandler.__init__(self)
        self._unix_socket = unix_socket

    def http_open(self, req):
        return self.do_open(lambda *a, **kw: _UnixHTTPConnection(self._unix_socket, *a, **kw), req)


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
    if unix_socket:
        handlers.append(_UnixHTTPHandler(unix_socket))
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


def response_filename(response):
    filename = response.headers.get_param('filename', header='content-disposition')
    if filename:
        return os.path.basename(filename)
    path = urlparse(response.geturl())[2]
    filename = os.path.basename(path.rstrip('/')) or None
    return unquote(filename) if filename else None


def parse_content_type(response):
    content_type = (response.headers.get_content_type() or 'application/octet-stream').split(',')[0]
    main_type, sub_type = content_type.split('/')
    charset = (response.headers.get_param('charset') or 'utf-8').split(',')[0]
    return content_type, main_type, sub_type, charset


# ---------------------------------------------------------------- request bodies

def form_urlencoded(body):
    if isinstance(body, str):
        return body
    if isinstance(body, (dict, list, tuple)):
        pairs = list(body.items()) if isinstance(body, dict) else list(body)
        result = []
        for key, values in pairs:
            if isinstance(values, str) or not isinstance(values, (dict, list, tuple)):
                values = [values]
            for value in values:
                if value is not None:
                    result.append((str(key), str(value)))
        return urlencode(result, doseq=True)
    return body


def prepare_multipart(fields):
    if not isinstance(fields, dict):
        raise TypeError('Mapping is required, cannot be type %s' % fields.__class__.__name__)
    m = email.mime.multipart.MIMEMultipart('form-data')
    for field, value in sorted(fields.items()):
        if isinstance(value, str):
            main_type, sub_type, content, filename = 'text', 'plain', value, None
        elif isinstance(value, dict):
            filename = value.get('filename')
            encoding = value.get('multipart_encoding') or 'base64'
            content = value.get('content')
            if not any((filename, content)):
                raise ValueError('at least one of filename or content must be provided')
            mime = value.get('mime_type')
            if not mime:
                mime = mimetypes.guess_type(filename or '', strict=False)[0] or 'application/octet-stream'
            main_type, _, sub_type = mime.partition('/')
        else:
            raise TypeError('value must be a string, or mapping, cannot be type %s' % value.__class__.__name__)
        if not content and filename:
            encoders = {'base64': email.encoders.encode_base64, '7or8bit': email.encoders.encode_7or8bit}
            if encoding not in encoders:
                raise ValueError("multipart_encoding must be one of %s." % repr(sorted(encoders)))
            with open(filename, 'rb') as f:
                part = email.mime.application.MIMEApplication(f.read(), _encoder=encoders[encoding])
                del part['Content-Type']
                part.add_header('Content-Type', '%s/%s' % (main_type, sub_type))
        else:
            part = email.mime.nonmultipart.MIMENonMultipart(main_type, sub_type)
            part.set_payload(content.encode('utf-8', 'surrogateescape') if isinstance(content, str) else content)
        part.add_header('Content-Disposition', 'form-data')
        del part['MIME-Version']
        part.set_param('name', field, header='Content-Disposition')
        if filename:
            part.set_param('filename', os.path.basename(filename), header='Content-Disposition')
        m.attach(part)
    b_data = m.as_bytes(policy=email.policy.HTTP)
    del m
    headers, sep, b_content = b_data.partition(b'\r\n\r\n')
    del b_data
    parser = email.parser.BytesHeaderParser().parsebytes
    return parser(headers)['content-type'], b_content


# ---------------------------------------------------------------- the module

def _write_file(ctx, dest, content, resp):
    tmpsrc = None
    try:
        fd, tmpsrc = tempfile.mkstemp(dir=ctx.tmpdir)
        with os.fdopen(fd, 'wb') as f:
            if isinstance(content, bytes):
                f.write(content)
            else:
                shutil.copyfileobj(content, f)
    except Exception as e:
        if tmpsrc and os.path.exists(tmpsrc):
            os.remove(tmpsrc)
        msg = resp.pop('msg')
        ctx.fail('Failed to create temporary content file: %s' % e + (' %s' % msg if msg else ''), **resp)
    if ctx.sha1(tmpsrc) != ctx.sha1(dest):
        try:
            ctx.atomic_move(tmpsrc, dest)
        except Exception as e:
            if os.path.exists(tmpsrc):
                os.remove(tmpsrc)
            msg = resp.pop('msg')
            ctx.fail('failed to copy %s to %s: %s' % (tmpsrc, dest, e) + (' %s' % msg if msg else ''), **resp)
    if os.path.exists(tmpsrc):
        os.remove(tmpsrc)


def run(params, ctx):
    url = params['url']
    body = params['body']
    body_format = params['body_format'].lower()
    method = params['method'].upper()
    dest = params['dest']
    status_code = [int(x) for x in params['status_code']]
    headers = dict(params['headers'])
    if not re.match('^[A-Z]+$', method):
        ctx.fail("Parameter 'method' needs to be a single word in uppercase, like GET or POST.")
    if body_format == 'json':
        if not isinstance(body, str):
            body = json.dumps(body)
        if 'content-type' not in [h.lower() for h in headers]:
            headers['Content-Type'] = 'application/json'
    elif body_format == 'form-urlencoded':
        if not isinstance(body, str):
            try:
                body = form_urlencoded(body)
            except ValueError as e:
                ctx.fail('failed to parse body as form_urlencoded: %s' % e, elapsed=0)
        if 'content-type' not in [h.lower() for h in headers]:
            headers['Content-Type'] = 'application/x-www-form-urlencoded'
    elif body_format == 'form-multipart':
        try:
            content_type, body = prepare_multipart(body)
        except (TypeError, ValueError) as e:
            ctx.fail('failed to parse body as form-multipart: %s' % e)
        headers['Content-Type'] = content_type
    if params['creates'] is not None and os.path.exists(params['creates']):
        ctx.exit(stdout="skipped, since '%s' exists" % params['creates'], changed=False)
    if params['removes'] is not None and not os.path.exists(params['removes']):
        ctx.exit(stdout="skipped, since '%s' does not exist" % params['removes'], changed=False)
    if params['follow_redirects'] in ('no', 'yes'):
        ctx.deprecate("Using 'yes' or 'no' for 'follow_redirects' parameter is deprecated.", version='2.22')

    start = datetime.datetime.now(datetime.timezone.utc)
    data = body
    src_file = None
    if params['src']:
        try:
            headers['Content-Length'] = os.stat(params['src']).st_size
            src_file = data = open(params['src'], 'rb')
        except OSError:
            ctx.fail('Unable to open source file %s' % params['src'], elapsed=0)
    last_mod = None
    if dest is not None and os.path.isfile(dest):
        last_mod = datetime.datetime.fromtimestamp(os.path.getmtime(dest), tz=datetime.timezone.utc)
    r, info = fetch_url(ctx, params, url, data=data, headers=headers, method=method, timeout=params['timeout'],
                        unix_socket=params['unix_socket'], ca_path=params['ca_path'],
                        unredirected_headers=params['unredirected_headers'], use_proxy=params['use_proxy'],
                        decompress=params['decompress'], ciphers=params['ciphers'], use_netrc=params['use_netrc'],
                        force=params['force'], last_mod_time=last_mod)
    if src_file is not None:
        src_file.close()
    elapsed = (datetime.datetime.now(datetime.timezone.utc) - start).seconds

    if r and dest is not None and os.path.isdir(dest):
        dest = os.path.join(dest, response_filename(r) or 'index.html')
    if r and r.fp is not None:
        content_type, main_type, sub_type, content_encoding = parse_content_type(r)
    else:
        content_type, main_type, sub_type, content_encoding = 'application/octet-stream', 'application', \
            'octet-stream', 'utf-8'
    if sub_type and '+' in sub_type:
        maybe_json = content_type and sub_type.partition('+')[2].lower() in JSON_CANDIDATES
    elif sub_type:
        maybe_json = content_type and sub_type.lower() in JSON_CANDIDATES
    else:
        maybe_json = False
    if maybe_json or params['return_content'] or info['status'] not in status_code:
        try:
            if r.fp is None or r.closed:
                raise TypeError
            content = r.read()
        except (AttributeError, TypeError):
            content = info.pop('body', b'')
        except http.client.HTTPException as e:
            ctx.fail('HTTP Error while fetching %s: %s' % (url, e))
    elif r:
        content = r
    else:
        content = None

    resp = {'redirected': info['url'] != url}
    resp.update(info)
    resp['elapsed'] = elapsed
    resp['status'] = int(resp['status'])
    resp['changed'] = False
    if r and dest is not None:
        if resp['status'] in status_code and resp['status'] != 304:
            _write_file(ctx, dest, content, resp)
            params['path'] = dest
            file_args = ctx.load_file_common_arguments(params, path=dest)
            resp['changed'] = ctx.set_fs_attributes_if_different(file_args, True)
        resp['path'] = dest
    uresp = dict((k.replace('-', '_').lower(), v) for k, v in resp.items())
    if isinstance(uresp.get('body'), bytes):
        # an error response's body stays in the result (as Ansible's, which turns it into text)
        uresp['body'] = uresp['body'].decode('utf-8', 'surrogateescape')
    if 'location' in uresp:
        uresp['location'] = urljoin(url, uresp['location'])
    u_content = None
    if isinstance(content, bytes):
        u_content = content.decode(content_encoding, 'surrogateescape')
        if maybe_json:
            try:
                uresp['json'] = json.loads(u_content)
            except Exception:
                pass
    if resp['status'] not in status_code:
        uresp['msg'] = 'Status code was %s and not %s: %s' % (resp['status'], status_code, uresp.get('msg', ''))
        msg = uresp.pop('msg')
        if params['return_content']:
            ctx.fail(msg, content=u_content, **uresp)
        ctx.fail(msg, **uresp)
    if params['return_content']:
        uresp['content'] = u_content
    ctx.exit(**uresp)
