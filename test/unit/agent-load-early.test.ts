/**
 * A module that says `LOAD_EARLY = True` is executed by the agent's warm-up before its first
 * request (src/agent/agent.py). That is the same as executing it at the request only when its top
 * level, and the top level of the helpers it imports, reads and changes nothing on the host:
 * imports of the standard library and of shipped helpers, definitions, and constants built by
 * pure calls. This checks every such module's source for that, with the Python the agent tests run
 * (/usr/bin/python3, installed by .ci/run; sys.stdlib_module_names needs 3.10).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MODULES = join(import.meta.dirname, '../../src/agent/modules');

const CHECK = String.raw`
import ast, os, sys
folder = sys.argv[1]
STDLIB = sys.stdlib_module_names
# calls a constant at the top may make: they read nothing outside the process
PURE = {'frozenset', 'set', 'dict', 'list', 'tuple', 'object', 're.compile', 'os.linesep.encode', 'threading.Lock'}

def problems_of(name, seen):
    if name in seen:
        return []
    seen.add(name)
    path = os.path.join(folder, name + '.py')
    out = []
    def body(nodes, where):
        for node in nodes:
            at = '%s:%d' % (where, node.lineno)
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                roots = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or '.']
                for root in (r.split('.')[0] for r in roots):
                    if root in STDLIB or root == 'volant_runtime':
                        continue
                    if root.startswith('_') and os.path.exists(os.path.join(folder, root + '.py')):
                        out.extend(problems_of(root, seen))
                        continue
                    out.append('%s imports %s' % (at, root))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            elif isinstance(node, ast.ClassDef):
                body(node.body, where)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)) or (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
                for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
                    if ast.unparse(call.func) not in PURE:
                        out.append('%s calls %s' % (at, ast.unparse(call.func)))
            else:
                out.append('%s runs a %s' % (at, type(node).__name__))
    body(ast.parse(open(path).read()).body, name + '.py')
    return out

early = sorted(f[:-3] for f in os.listdir(folder) if f.endswith('.py') and '\nLOAD_EARLY = True\n' in open(os.path.join(folder, f)).read())
print(len(early))
for name in early:
    for problem in problems_of(name, set()):
        print(problem)
`;

function check(folder: string): { count: number; problems: string[] } {
  const r = spawnSync('/usr/bin/python3', ['-c', CHECK, folder], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const [count, ...problems] = r.stdout.trim().split('\n');
  return { count: Number(count), problems };
}

describe('agent modules: LOAD_EARLY', () => {
  it('holds only for modules whose top level leaves the host alone', () => {
    const { count, problems } = check(MODULES);
    assert.ok(count >= 10, `${count} modules say LOAD_EARLY`);
    assert.deepEqual(problems, []);
  });

  it('finds what would read or change the host at load', () => {
    const folder = mkdtempSync(join(tmpdir(), 'volant-load-early-'));
    try {
      writeFileSync(join(folder, 'bad.py'), 'import socket\nimport _helper\nLOAD_EARLY = True\nNAME = socket.gethostname()\nif NAME:\n    pass\n');
      writeFileSync(join(folder, '_helper.py'), 'import apt\n');
      writeFileSync(join(folder, 'fine.py'), 'import re\nLOAD_EARLY = True\nPATTERN = re.compile("x")\ndef run(params, ctx):\n    return {}\n');
      assert.deepEqual(check(folder), {
        count: 2,
        problems: ['_helper.py:1 imports apt', 'bad.py:4 calls socket.gethostname', 'bad.py:5 runs a If'],
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
