# Runs one Volant module outside the agent: reads a JSON payload on stdin
# {"runtime": <runtime.py text>, "module": <module text>, "name": ..., "args": {...},
#  "check": bool, "diff": bool, "modules": {name: text}, "helpers": {name: text}, "async_jobs": {...}} and prints the
# module's result dict as JSON.
# "modules" are the other modules a module may load (package loads apt) through
# volant_runtime.load_module, and "helpers" the helper modules (modules/_name.py) modules import
# by name: runtime.install_sources makes both available, as in the agent.
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
    # the module, the modules it may run and the helpers they import, loaded as the agent does
    sources = dict(payload.get('modules', {}), **payload.get('helpers', {}))
    module = runtime.install_sources(sources).load_module(payload['name'], payload['module'])
    result = runtime.run_module(payload['name'], module, payload.get('args', {}),
                                check_mode=payload.get('check', False), diff_mode=payload.get('diff', False))
    sys.stdout.write(json.dumps(result, sort_keys=True))


main()
