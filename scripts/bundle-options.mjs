// How Volant's CLI is bundled: one CommonJS file for node 20 carrying the agent's Python sources
// as text. scripts/build.mjs, the benchmark's private bundle and the bundle test share these.
export const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  loader: { '.py': 'text' },
};
