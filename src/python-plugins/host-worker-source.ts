/**
 * The worker thread that owns the Python helper process. The template engine is synchronous, so
 * the main thread posts a request line, then sleeps in Atomics.wait until this worker has put the
 * helper's reply line on the shared port and raised the flag (read with receiveMessageOnPort).
 * Kept as source text (run with `eval: true`) so the bundle carries it without a file of its own.
 */
export const HOST_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { spawn } = require('node:child_process');
const { flagBuffer, port, python, bootstrap, firstLine } = workerData;
const flag = new Int32Array(flagBuffer);
const reply = (message) => {
  port.postMessage(message);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
};
let ended = false;
const end = (message) => {
  if (ended) return;
  ended = true;
  reply(message);
};
// The helper's stderr is the run's: what plugins print (print() goes there too) and a traceback
// if the helper itself fails show as they happen.
const child = spawn(python, ['-c', bootstrap], { stdio: ['pipe', 'pipe', 'inherit'] });
child.on('error', (error) => end({ exit: -1, error: error.code || String(error.message) }));
child.on('close', (code, signal) => end({ exit: code === null ? -1 : code, signal }));
child.stdin.on('error', () => undefined);
child.stdout.setEncoding('utf8');
let pending = '';
child.stdout.on('data', (chunk) => {
  pending += chunk;
  let newline;
  while ((newline = pending.indexOf('\\n')) >= 0) {
    reply({ line: pending.slice(0, newline) });
    pending = pending.slice(newline + 1);
  }
});
child.stdin.write(firstLine + '\\n');
parentPort.on('message', (line) => { if (!ended) child.stdin.write(line + '\\n'); });
`;
