/**
 * Runs the recorded Jinja2 table (jinja2-table.json, recorded by record-jinja2.py from
 * ansible-core 2.19's Templar) through Volant's engine and reports each case's outcome.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseJson } from '../../src/core/json.js';
import type { Data, DataDict } from '../../src/core/data.js';
import type { RenderOptions, VarSource } from '../../src/template/api.js';
import { createTemplateEngine } from '../../src/template/index.js';
import { repr } from '../../src/template/runtime/py-values.js';

export interface TableCase {
  t: string;
  mode: 'native' | 'cond';
  vars?: Data;
  opts?: { trim_blocks?: boolean | undefined; lstrip_blocks?: boolean | undefined };
  ok?: string;
  err?: string;
}

export interface CaseOutcome {
  key: string;
  expected: string;
  actual: string;
  same: boolean;
}

/** A stable identity for a case in the known-differences list. */
export function caseKey(c: TableCase): string {
  const opts = c.opts ? ` ${JSON.stringify(c.opts)}` : '';
  // (JSON.stringify leaves out options that were not given.)
  return `${c.mode}${opts}: ${c.t}`;
}

function mapVars(data: DataDict): VarSource {
  return { get: (k) => data.get(k), has: (k) => data.has(k), keys: () => [...data.keys()] as string[] };
}

export function loadTable(): { vars: DataDict; cases: TableCase[] } {
  const here = dirname(fileURLToPath(import.meta.url));
  const doc = parseJson(readFileSync(join(here, 'jinja2-table.json'), 'utf8')) as DataDict;
  const cases = (doc.get('cases') as DataDict[]).map((m) => {
    const c: TableCase = { t: m.get('t') as string, mode: m.get('mode') as 'native' | 'cond' };
    if (m.has('vars')) c.vars = m.get('vars') as Data;
    const opts = m.get('opts') as DataDict | undefined;
    if (opts) {
      const bool = (k: string): boolean | undefined => (opts.has(k) ? opts.get(k) === true : undefined);
      c.opts = { trim_blocks: bool('trim_blocks'), lstrip_blocks: bool('lstrip_blocks') };
    }
    if (m.has('ok')) c.ok = m.get('ok') as string;
    if (m.has('err')) c.err = m.get('err') as string;
    return c;
  });
  return { vars: doc.get('vars') as DataDict, cases };
}

export function runTable(): CaseOutcome[] {
  const { vars, cases } = loadTable();
  const engine = createTemplateEngine();
  return cases.map((c) => {
    // Fresh variable data per case: templates may mutate lists and dicts, as Jinja allows.
    const data = parseJson(JSON.stringify(toPlainJson(c.vars ?? vars))) as DataDict;
    const source = mapVars(data);
    const options: RenderOptions = { trimBlocks: c.opts?.trim_blocks, lstripBlocks: c.opts?.lstrip_blocks };
    let actual: string;
    try {
      const v = c.mode === 'cond' ? engine.evaluateConditional(c.t, source, options) : engine.render(c.t, source, options);
      actual = `ok ${repr(v)}`;
    } catch (err) {
      actual = `err ${errorText(err as Error).split('\n')[0]}`;
    }
    const expected = c.ok !== undefined ? `ok ${c.ok}` : `err ${c.err}`;
    return { key: caseKey(c), expected, actual, same: expected === actual };
  });
}

/** Python's str() of an AnsibleError: its message, then its causes' (one that already ends it is not repeated). */
function errorText(err: Error): string {
  let text = err.message;
  for (let c = err.cause; c instanceof Error; c = c.cause) text = text.endsWith(c.message) ? text : `${text.replace(/[. ]+$/, '')}: ${c.message}`;
  return text;
}

function toPlainJson(v: Data): unknown {
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [String(k), toPlainJson(x)]));
  if (Array.isArray(v)) return v.map(toPlainJson);
  if (v !== null && typeof v === 'object' && 'value' in v) return (v as { value: unknown }).value;
  return v;
}

if (process.argv[1] && process.argv[1].endsWith('jinja2-table-runner.ts')) {
  const outcomes = runTable();
  const bad = outcomes.filter((o) => !o.same);
  for (const o of bad) console.log(`${o.key}\n   want ${o.expected}\n   got  ${o.actual}`);
  console.log(`${outcomes.length - bad.length}/${outcomes.length} identical`);
}
