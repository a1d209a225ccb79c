# uri: one HTTP(S) request with Python's urllib, answered as ansible's uri module answers it:
# the response headers (lower-case, dashes to underscores), status, msg "OK (N bytes)", cookies,
# json for JSON bodies, content on request, dest to save the body. The HTTP client is the helper
# module _http_client, which get_url uses too.
import datetime
import email.mime.application
import email.mime.multipart
import email.mime.nonmultipart
import email.encoders
import email.generator
import email.parser
import email.policy
import http.client
import json
import mimetypes
import os
import re
import shutil
import tempfile
from urllib.parse import unquote, urlencode, urljoin, urlparse

from _http_client import fetch_url

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
# NOTE: Ansible's uri does not declare check mode support: it is skipped under --check (by its
# action, on the controller, before the module checks its arguments).
SUPPORTS_CHECK_MODE = False
ADD_FILE_COMMON_ARGS = True
MUTUALLY_EXCLUSIVE = [['body', 'src']]

JSON_CANDIDATES = {'json', 'javascript'}


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
