// Runs Python against setup.py outside the agent: the prelude loads the agent's runtime under
// the name the agent gives it (volant_runtime), puts the helper modules on sys.path and execs
// setup.py as `mod`; `rt.Context('setup', {})` is a module context for calling collectors.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const SETUP = fileURLToPath(new URL('../../src/agent/modules/setup.py', import.meta.url));

const PRELUDE = `
import json, os, sys, time, types
modules = os.path.dirname(sys.argv[1])
sys.path.insert(0, modules)
rt = types.ModuleType('volant_runtime')
sys.modules['volant_runtime'] = rt
exec(compile(open(os.path.join(modules, '..', 'runtime.py')).read(), 'runtime.py', 'exec'), rt.__dict__)
mod = types.ModuleType('setup_under_test')
exec(compile(open(sys.argv[1]).read(), 'setup.py', 'exec'), mod.__dict__)
`;

/** Runs `body` (Python, after the prelude) with python3; stdin is `input` when given. */
export function runWithSetup(body: string, options: { input?: string; timeout?: number } = {}): SpawnSyncReturns<string> {
  return spawnSync('python3', ['-c', PRELUDE + body, SETUP], { encoding: 'utf8', ...options });
}
