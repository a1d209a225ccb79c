# A small HTTP server for uri/get_url tests: python3 http-fixture.py PORT [DIR]
# Fixed answers (no Date or Server headers, so results are reproducible):
#   /text            text/plain "hello\n"          /json        application/json {"a": 1, "b": [true, null]}
#   /redirect        302 -> /text                   /status/NNN  that status, text body "status NNN\n"
#   /echo            JSON of method, path, selected request headers and the body (any method)
#   /auth            401 unless Basic dXNlcjpwYXNz (user:pass)
#   /gzip            gzip-encoded "compressed\n"    /cookie      sets cookie session=abc
#   /named           body "named\n", Content-Disposition: attachment; filename="given.txt"
#   /files/NAME      the bytes of DIR/NAME (404 when missing)
import gzip
import json
import os
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer


class Handler(BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.0'
    root = '.'

    def log_message(self, *args):
        pass

    def send_response(self, code, message=None):
        # only the status line: no Server / Date headers, so recorded results stay comparable
        self.send_response_only(code, message)

    def reply(self, code, body, ctype='text/plain', extra=None):
        self.send_response(code)
        self.send_header('Content-Type', ctype)
        self.send_header('Content-Length', str(len(body)))
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != 'HEAD':
            self.wfile.write(body)

    def handle_any(self):
        path = self.path.split('?')[0]
        length = int(self.headers.get('Content-Length') or 0)
        body = self.rfile.read(length) if length else b''
        if path == '/text':
            return self.reply(200, b'hello\n')
        if path == '/json':
            return self.reply(200, b'{"a": 1, "b": [true, null]}', 'application/json')
        if path == '/redirect':
            return self.reply(302, b'', extra={'Location': '/text'})
        if path.startswith('/status/'):
            code = int(path.split('/')[2])
            return self.reply(code, ('status %d\n' % code).encode())
        if path == '/echo':
            seen = dict((k, self.headers.get(k)) for k in ('Content-Type', 'Authorization', 'X-Test', 'User-Agent')
                        if self.headers.get(k) is not None)
            doc = {'method': self.command, 'path': self.path, 'headers': seen,
                   'body': body.decode('utf-8', 'replace')}
            return self.reply(200, json.dumps(doc, sort_keys=True).encode(), 'application/json')
        if path == '/auth':
            if self.headers.get('Authorization') == 'Basic dXNlcjpwYXNz':
                return self.reply(200, b'welcome\n')
            return self.reply(401, b'no\n', extra={'WWW-Authenticate': 'Basic realm="t"'})
        if path == '/gzip':
            return self.reply(200, gzip.compress(b'compressed\n', mtime=0), extra={'Content-Encoding': 'gzip'})
        if path == '/cookie':
            return self.reply(200, b'cookie\n', extra={'Set-Cookie': 'session=abc; Path=/'})
        if path == '/named':
            return self.reply(200, b'named\n', extra={'Content-Disposition': 'attachment; filename="given.txt"'})
        if path.startswith('/files/'):
            name = os.path.join(self.root, os.path.basename(path))
            if os.path.isfile(name):
                with open(name, 'rb') as f:
                    return self.reply(200, f.read(), 'application/octet-stream')
        return self.reply(404, b'not found\n')

    do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = do_PATCH = handle_any


def main():
    Handler.root = sys.argv[2] if len(sys.argv) > 2 else '.'
    HTTPServer(('127.0.0.1', int(sys.argv[1])), Handler).serve_forever()


if __name__ == '__main__':
    main()
