# ansible.module_utils.urls for library modules: fetch_url and open_url on the HTTP client uri and
# get_url use (_http_client), with ansible's signatures.
import urllib.error

from _http_client import basic_auth_header, open_url, rfc2822_date_string  # noqa: F401 -- ansible's names
from _http_client import fetch_url as _fetch_url


class ConnectionError(Exception):
    pass


class SSLValidationError(ConnectionError):
    pass


class NoSSLError(SSLValidationError):
    pass


HTTPError = urllib.error.HTTPError
URLError = urllib.error.URLError


def url_argument_spec():
    """The options fetch_url reads from a module's params (ansible's url_argument_spec)."""
    return dict(
        url=dict(type='str'),
        force=dict(type='bool', default=False),
        http_agent=dict(type='str', default='ansible-httpget'),
        use_proxy=dict(type='bool', default=True),
        validate_certs=dict(type='bool', default=True),
        url_username=dict(type='str'),
        url_password=dict(type='str', no_log=True),
        force_basic_auth=dict(type='bool', default=False),
        client_cert=dict(type='path'),
        client_key=dict(type='path'),
        use_gssapi=dict(type='bool', default=False),
    )


def fetch_url(module, url, data=None, headers=None, method=None, use_proxy=None, force=False, last_mod_time=None,
              timeout=10, use_gssapi=False, unix_socket=None, ca_path=None, cookies=None, unredirected_headers=None,
              decompress=True, ciphers=None, use_netrc=True):
    """(response or None, info) as ansible's fetch_url: connection failures are in info, a bad URL
    fails the module."""
    return _fetch_url(module._ctx, module.params, url, data=data, headers=headers, method=method, use_proxy=use_proxy,
                      force=force, last_mod_time=last_mod_time, timeout=timeout, unix_socket=unix_socket,
                      ca_path=ca_path, unredirected_headers=unredirected_headers, decompress=decompress,
                      ciphers=ciphers, use_netrc=use_netrc)
