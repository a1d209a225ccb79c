'use strict';
/**
 * Runs a CommonJS bundle (dist/volant.cjs) through a V8 code cache kept beside it, so a start
 * skips most of the compiling: Node 20 has no module.enableCompileCache(). The cache is written
 * at the end of a run that had none (or a stale one), so it also holds the functions compiled
 * lazily during that run. It is keyed on the bundle's size, mtime and inode (a rebuild makes a
 * new key) and V8 checks its own version and flags; a cache that does not fit is ignored and
 * replaced. A bundle folder that is not writable just goes without.
 *
 *   node bin/run-bundle.cjs BUNDLE [args…]   (the benchmark's private bundle)
 */
const { closeSync, openSync, readFileSync, readSync, renameSync, statSync, unlinkSync, writeFileSync } = require('node:fs');
const { isAscii } = require('node:buffer');
const Module = require('node:module');
const { dirname } = require('node:path');
const vm = require('node:vm');

const MAGIC = 'volant-code-cache-1';

function cacheKey(bundle) {
  const st = statSync(bundle);
  return `${MAGIC} ${st.size} ${st.mtimeMs} ${st.ino} ${process.version} ${process.arch}`;
}

/** The cached data written for `key`, or undefined. Header line: the key, then the V8 data. */
function readCache(file, key) {
  let fd;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const header = Buffer.alloc(256);
    const n = readSync(fd, header, 0, header.length, 0);
    const newline = header.subarray(0, n).indexOf(10);
    if (newline < 0 || header.toString('latin1', 0, newline) !== key) return undefined;
    const data = readFileSync(file);
    return data.subarray(newline + 1);
  } finally {
    closeSync(fd);
  }
}

function writeCache(file, key, script) {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, Buffer.concat([Buffer.from(`${key}\n`, 'latin1'), script.createCachedData()]));
    renameSync(tmp, file);
  } catch {
    try {
      unlinkSync(tmp);
    } catch {
      // nothing was written
    }
  }
}

function runBundle(bundle) {
  // NOTE: TurboFan optimizes a function once it has run a budget of bytecode (66 KiB by default);
  // eight times that leaves most of a run to the interpreter and Sparkplug and optimizes only
  // what stays hot. Controller CPU (cgroup, interleaved runs): ssh20 -14..18%, a 5,000-task
  // --syntax-check -25..30%, 2,000 tasks on one host the same, a 40,000-line template +5..8%.
  // Set before the bundle is compiled, so its code cache is made and checked under the same flag.
  require('node:v8').setFlagsFromString(`--interrupt-budget=${8 * 67584}`);
  const cacheFile = `${bundle}.cache`;
  const key = cacheKey(bundle);
  const cachedData = readCache(cacheFile, key);
  // NOTE: the build makes the bundle ASCII (scripts/bundle-options.mjs): latin1 is the fast read
  const bytes = readFileSync(bundle);
  const source = isAscii(bytes) ? bytes.latin1Slice() : bytes.toString('utf8');
  const script = new vm.Script(Module.wrap(source), { filename: bundle, cachedData });
  // A bundle rebuilt while it was being read gets no cache from this run.
  if ((cachedData === undefined || script.cachedDataRejected) && cacheKey(bundle) === key) {
    process.once('exit', () => writeCache(cacheFile, key, script));
  }
  const mod = new Module(bundle, module);
  mod.filename = bundle;
  mod.paths = Module._nodeModulePaths(dirname(bundle));
  mod.loaded = true;
  const localRequire = Module.createRequire(bundle);
  script.runInThisContext().call(mod.exports, mod.exports, localRequire, mod, bundle, dirname(bundle));
}

/**
 * Puts back what bin/volant-playbook took out of the environment before node started (see
 * there), so the processes Volant starts get the environment it was given.
 */
function restoreEnvironment() {
  const extraCaCerts = process.env.VOLANT_NODE_EXTRA_CA_CERTS;
  if (extraCaCerts === undefined) return;
  process.env.NODE_EXTRA_CA_CERTS = extraCaCerts;
  delete process.env.VOLANT_NODE_EXTRA_CA_CERTS;
}

module.exports = { restoreEnvironment, runBundle };

if (require.main === module) {
  const bundle = process.argv[2];
  if (bundle === undefined) {
    process.stderr.write('usage: node run-bundle.cjs BUNDLE [args…]\n');
    process.exit(2);
  }
  process.argv.splice(1, 2, bundle);
  restoreEnvironment();
  runBundle(bundle);
}
