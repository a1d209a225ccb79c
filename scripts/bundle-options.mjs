// How Volant's CLI is bundled: one CommonJS file for node 20 carrying the agent's Python sources
// as text. scripts/build.mjs, the benchmark's private bundle and the bundle test share these.
import { builtinModules, createRequire } from 'node:module';

/**
 * Node's own modules that cost a start-up most to load (measured alone on node 20: child_process
 * ~5.6 ms, crypto ~3.9, fs/promises ~2.5, worker_threads ~2.2, zlib ~1.3) while many runs never
 * call them (`--syntax-check`, `--list-tasks`, a play that spawns nothing). esbuild hoists every
 * import to the bundle's start, so each is given as a stand-in whose exports load the real module
 * on first use. Safe because the bundle only reads their named exports (`(0, m.spawn)(…)`): no
 * namespace copy, no `default`.
 */
const LAZY_BUILTINS = ['node:child_process', 'node:crypto', 'node:fs/promises', 'node:worker_threads', 'node:zlib'];

const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(build) {
    const filter = new RegExp(`^(${LAZY_BUILTINS.map((m) => m.replace(/[/]/g, '\\/')).join('|')})$`);
    // the stand-in's own require() of the module resolves as usual: to node's module
    build.onResolve({ filter }, (args) => (args.namespace === 'lazy-builtin' ? undefined : { path: args.path, namespace: 'lazy-builtin' }));
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => {
      const names = Object.keys(createRequire(import.meta.url)(args.path)).filter((n) => n !== 'default');
      const id = JSON.stringify(args.path);
      const contents = [
        'let real;',
        `const load = () => (real ??= require(${id}));`,
        `for (const name of ${JSON.stringify(names)}) Object.defineProperty(exports, name, { enumerable: true, get: () => load()[name] });`,
      ].join('\n');
      return { contents, loader: 'js' };
    });
  },
};
if (!LAZY_BUILTINS.every((m) => builtinModules.includes(m.slice('node:'.length)))) throw new Error('a lazy builtin is not a node module');

export const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  loader: { '.py': 'text' },
  plugins: [lazyBuiltins],
};

/**
 * The bundle's text as ASCII, so bin/run-bundle.cjs can read it as latin1 (~3 ms sooner than
 * decoding UTF-8, and a one-byte string for V8). esbuild escapes strings already; what it keeps
 * as written (some comments, regular expression literals) means the same with \u escapes.
 */
export function asciiOnly(text) {
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
