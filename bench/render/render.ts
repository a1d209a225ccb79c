/**
 * Render benchmark: one Ansible-typical template against ~300 facts, Volant's engine side by side
 * with Python Jinja2 (plain Environment) and ansible-core's Templar in the oracle, when present.
 *
 *   node --import tsx bench/render/render.ts [seconds]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromPlain } from '../../src/core/json.js';
import type { DataDict } from '../../src/core/data.js';
import type { VarSource } from '../../src/template/api.js';
import { createTemplateEngine } from '../../src/template/index.js';
import { makeContext } from './context.js';

/** The brief's template first; then a loop over 100 items, as a template file would have. */
const TEMPLATES = [
  "{{ item.name | default('x') }}-{{ inventory_hostname }}",
  "{% for u in users %}{{ u.name | upper }}:{{ u.port + 1 }}{% if u.admin %}*{% endif %}{% if not loop.last %},{% endif %}{% endfor %}",
];
const ORACLE = '/work/shared/tools/ansible-oracle/oracle-exec';
const seconds = Number(process.argv[2] ?? 2);

const plain = makeContext();
const json = JSON.stringify(plain);
const data = fromPlain(plain) as DataDict;
const vars: VarSource = { get: (k) => data.get(k), has: (k) => data.has(k), keys: () => [...data.keys()] as string[] };
const engine = createTemplateEngine();

function measureVolant(TEMPLATE: string): { rate: number; result: unknown } {
  const result = engine.render(TEMPLATE, vars);
  for (let i = 0; i < 2000; i++) engine.render(TEMPLATE, vars);
  let n = 0;
  const start = process.hrtime.bigint();
  const limit = BigInt(Math.round(seconds * 1e9));
  let elapsed = 0n;
  while (elapsed < limit) {
    for (let i = 0; i < 100; i++) engine.render(TEMPLATE, vars);
    n += 100;
    elapsed = process.hrtime.bigint() - start;
  }
  return { rate: n / (Number(elapsed) / 1e9), result };
}

const PY = `
import json, sys, time
ctx = json.load(open(sys.argv[1]))
tpl_text = sys.argv[2]
seconds = float(sys.argv[3])
mode = sys.argv[4]
if mode == 'jinja2':
    import jinja2
    env = jinja2.Environment()
    tpl = env.from_string(tpl_text)
    render = lambda: tpl.render(ctx)
else:
    from ansible.template import Templar, trust_as_template
    templar = Templar(loader=None, variables=ctx)
    src = trust_as_template(tpl_text)
    render = lambda: templar.template(src)
result = render()
for _ in range(20):
    render()
n = 0
start = time.perf_counter()
while time.perf_counter() - start < seconds:
    for _ in range(10):
        render()
    n += 10
print(json.dumps({"rate": n / (time.perf_counter() - start), "result": str(result)}))
`;

function measurePython(mode: 'jinja2' | 'templar', TEMPLATE: string): { rate: number; result: string } | null {
  if (!existsSync(ORACLE)) return null;
  const dir = mkdtempSync(join(tmpdir(), 'volant-bench-'));
  const ctxFile = join(dir, 'ctx.json');
  const pyFile = join(dir, 'bench.py');
  writeFileSync(ctxFile, json);
  writeFileSync(pyFile, PY);
  const r = spawnSync(ORACLE, ['python3', pyFile, ctxFile, TEMPLATE, String(seconds), mode], {
    encoding: 'utf8',
    env: { ...process.env, ORACLE_EXTRA_BINDS: `${dir}:${dir}` },
  });
  if (r.status !== 0) {
    process.stderr.write(r.stderr);
    return null;
  }
  return JSON.parse(r.stdout.trim().split('\n').pop() as string) as { rate: number; result: string };
}

console.log(`context: ${data.size} variables, ${json.length} bytes of JSON`);
for (const TEMPLATE of TEMPLATES) {
  const volant = measureVolant(TEMPLATE);
  const shown = (v: unknown): string => (String(v).length > 40 ? `${String(v).slice(0, 40)}…` : String(v));
  console.log(`\ntemplate: ${TEMPLATE}`);
  console.log(`volant:          ${Math.round(volant.rate).toLocaleString('en-US')} renders/s  -> ${shown(volant.result)}`);
  for (const mode of ['jinja2', 'templar'] as const) {
    const py = measurePython(mode, TEMPLATE);
    if (!py) {
      console.log(`${mode}: oracle not available`);
      continue;
    }
    const label = mode === 'jinja2' ? 'python jinja2:' : 'ansible templar:';
    console.log(`${label.padEnd(16)} ${Math.round(py.rate).toLocaleString('en-US')} renders/s  -> ${shown(py.result)}  (volant is ${(volant.rate / py.rate).toFixed(1)}x)`);
  }
}
