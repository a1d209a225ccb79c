// How Volant's CLI is bundled: one CommonJS file for node 20 carrying the agent's Python sources
// as text. scripts/build.mjs, the benchmark's private bundle and the bundle test share these.
export const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  loader: { '.py': 'text' },
};

/**
 * The bundle's text as ASCII, so bin/run-bundle.cjs can read it as latin1 (~3 ms sooner than
 * decoding UTF-8, and a one-byte string for V8). esbuild escapes strings already; what it keeps
 * as written (some comments, regular expression literals) means the same with \u escapes.
 */
export function asciiOnly(text) {
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
