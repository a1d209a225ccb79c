import configparser
import http.server
import json
import sys

cfg = configparser.ConfigParser()
cfg.read(sys.argv[1])
RELEASE = cfg['server']['release']
FEATURES = sorted(k for k, v in cfg['features'].items() if v == 'on') if cfg.has_section('features') else []


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps({'release': RELEASE, 'features': FEATURES}).encode()
        self.send_response(200 if self.path == '/health' else 404)
        self.send_header('Content-Type', 'application/json')
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


http.server.HTTPServer.allow_reuse_address = True
http.server.HTTPServer(('0.0.0.0', int(cfg['server']['port'])), Handler).serve_forever()
