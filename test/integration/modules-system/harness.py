# Runs one Volant module outside the agent: reads a JSON payload on stdin
# {"runtime": <runtime.py text>, "module": <module text>, "name": ..., "args": {...},
#  "check": bool, "diff": bool} and prints the module's result dict as JSON.
# It needs nothing on the host but python3, so the same file runs locally or through `ssh host python3 -`.
import json
import sys
import types


def main():
    payload = json.loads(sys.stdin.read())
    runtime = types.ModuleType('volant_runtime')
    exec(compile(payload['runtime'], 'runtime.py', 'exec'), runtime.__dict__)
    sys.modules['volant_runtime'] = runtime
    module = types.ModuleType('volant_module_' + payload['name'])
    exec(compile(payload['module'], payload['name'] + '.py', 'exec'), module.__dict__)
    result = runtime.run_module(payload['name'], module, payload.get('args', {}),
                                check_mode=payload.get('check', False), diff_mode=payload.get('diff', False))
    sys.stdout.write(json.dumps(result, sort_keys=True))


main()
