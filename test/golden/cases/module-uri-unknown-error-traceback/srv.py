import http.server, json, sys
class H(http.server.BaseHTTPRequestHandler):
    server_version = 'fixed'
    sys_version = ''
    def date_time_string(self, timestamp=None):
        return 'Thu, 01 Jan 2026 00:00:00 GMT'
    def log_message(self, *a):
        pass
    def answer(self):
        n = int(self.headers.get('Content-Length') or 0)
        body = self.rfile.read(n) if n else b''
        path = self.path.split('?')[0]
        if path == '/redirect':
            self.send_response(301); self.send_header('Location', '/ok'); self.end_headers(); return
        if path == '/missing':
            out, code, ctype = b'no such page', 404, 'text/plain'
        elif path == '/json':
            out, code, ctype = json.dumps({'a': 1, 'b': [1, 2], 'm': self.command}).encode(), 200, 'application/json'
        elif path == '/echo':
            out, code, ctype = body or b'empty', 201, self.headers.get('Content-Type') or 'text/plain'
        else:
            out, code, ctype = b'hello\n', 200, 'text/plain'
        self.send_response(code); self.send_header('Content-Type', ctype); self.send_header('Content-Length', str(len(out)))
        self.send_header('X-Test', 'yes'); self.end_headers()
        if self.command != 'HEAD':
            self.wfile.write(out)
    do_GET = do_POST = do_PUT = do_HEAD = do_DELETE = answer
http.server.HTTPServer(('127.0.0.1', int(sys.argv[1])), H).serve_forever()
