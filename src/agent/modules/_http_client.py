# The HTTP client uri and get_url share (a helper module: shipped with the modules that import
# it, never run as a task): Ansible's open_url/fetch_url over Python's urllib, with its redirect
# rules, basic/digest/netrc auth, TLS options, unix sockets and gzip decoding.
import gzip
import http.client
import http.cookiejar
import netrc
import os
import socket
import ssl
import tempfile
import urllib.error
import urllib.request
from base64 import b64encode
from urllib.parse import unquote, urlparse, urlunparse


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


class _LazyHTTPSHandler(urllib.request.HTTPSHandler):
    """An HTTPSHandler whose default context is made at the first https request: loading the
    system's CA certificates takes a second or more on a busy machine (OpenSSL 3.0), which a plain
    http request would pay for nothing, and which shows in uri's and get_url's `elapsed`."""

    def __init__(self, make_context):
        # NOTE: not HTTPSHandler.__init__, which from Python 3.12 on makes a default context itself
        urllib.request.AbstractHTTPHandler.__init__(self)
        self._make_context = make_context
        self._context = None

    def https_open(self, req):
        if self._context is None:
            self._context = self._make_context()
        return self.do_open(http.client.HTTPSConnection, req, context=self._context)


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
    if ca_path or ciphers or client_cert:
        # (made now: a bad ca_path or cipher fails before any request, http or not, as in ansible)
        handlers.append(urllib.request.HTTPSHandler(
            context=_ssl_context(ca_path, ciphers, validate_certs, client_cert, client_key)))
    else:
        handlers.append(_LazyHTTPSHandler(lambda: _ssl_context(None, None, validate_certs, None, None)))
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
        # NOTE: 2.19 shows a module's traceback only when asked (DISPLAY_TRACEBACK): this placeholder otherwise
        info.update(msg='An unknown error occurred: %s' % e, status=-1, exception='(traceback unavailable)')
    finally:
        tempfile.tempdir = old_tempdir
    return r, info


def _suffixes(name):
    if name.endswith('.'):
        return []
    return ['.' + part for part in name.lstrip('.').split('.')[1:]]


def split_multiext(name, min_len=3, max_len=4, count=2):
    """ansible's _split_multiext: (name, its last `count` extensions of 3-4 characters each).
    NOTE: ansible takes each extension off with rstrip, so the name also loses any of the
    extension's characters that end it ('pkg.tar.gz' gives 'pkg', 'a-1.0.tgz' keeps its '.0')."""
    extension = ''
    for i, suffix in enumerate(reversed(_suffixes(name))):
        if i >= count or not min_len <= len(suffix) <= max_len:
            break
        extension = suffix + extension
        name = name.rstrip(suffix)
    return name, extension


def fetch_file(ctx, params, url, timeout=10):
    """ansible's fetch_file: url downloaded into the module's tmpdir (removed with it), named after
    the URL's file: its name, random characters, its extensions. A failure fails the module."""
    prefix, extension = split_multiext(os.path.basename(urlparse(url).path), count=2)
    temp = tempfile.NamedTemporaryFile(dir=ctx.tmpdir, prefix=prefix, suffix=extension, delete=False)
    ctx.add_cleanup_file(temp.name)
    rsp, info = fetch_url(ctx, params, url, timeout=timeout)
    if not rsp or (rsp.code and rsp.code >= 400):
        ctx.fail('Failure downloading %s, %s' % (url, info['msg']))
    try:
        data = rsp.read(65536)
        while data:
            temp.write(data)
            data = rsp.read(65536)
        temp.close()
    except Exception as e:
        ctx.fail('Failure downloading %s, %s' % (url, e))
    return temp.name
