# Runs one Volant module outside the agent: reads a JSON payload on stdin
# {"runtime": <runtime.py text>, "module": <module text>, "name": ..., "args": {...},
#  "check": bool, "diff": bool, "modules": {name: text}, "async_jobs": {...}} and prints the module's result dict as JSON.
# "modules" are the other modules a module may load (package loads apt) through
# volant_runtime.load_module, which the agent is asked to provide the same way.
# It needs nothing on the host but python3, so the same file runs locally or through `ssh host python3 -`.
import json
import sys
import types


def main():
    payload = json.loads(sys.stdin.read())
    runtime = types.ModuleType('volant_runtime')
    exec(compile(payload['runtime'], 'runtime.py', 'exec'), runtime.__dict__)
    sys.modules['volant_runtime'] = runtime
    # the agent's async job table (agent.py fills it); tests may give one
    runtime.ASYNC_JOBS = payload.get('async_jobs', {})
    loaded = {}

    def load_module(name):
        if name not in loaded and name in payload.get('modules', {}):
            mod = types.ModuleType('volant_module_' + name)
            exec(compile(payload['modules'][name], name + '.py', 'exec'), mod.__dict__)
            loaded[name] = mod
        return loaded.get(name)
    runtime.load_module = load_module
    module = types.ModuleType('volant_module_' + payload['name'])
    exec(compile(payload['module'], payload['name'] + '.py', 'exec'), module.__dict__)
    result = runtime.run_module(payload['name'], module, payload.get('args', {}),
                                check_mode=payload.get('check', False), diff_mode=payload.get('diff', False))
    sys.stdout.write(json.dumps(result, sort_keys=True))


main()
