import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ControllerProcess } from './python-processes.js';

const line = (n: number): string => `<frozen genericpath>:${n}: RuntimeWarning: bool is used as a file descriptor`;

describe('run/python-processes', () => {
  it('writes a controller warning to stderr once', () => {
    const written: string[] = [];
    const controller = new ControllerProcess((l) => written.push(l));
    controller.pythonWarning(line(39));
    controller.pythonWarning(line(39));
    assert.deepEqual(written, [line(39)]);
  });

  it('reports what a worker wrote once per line, skipping what the controller showed', () => {
    const controller = new ControllerProcess(() => undefined);
    controller.pythonWarning(line(39));
    const worker = controller.worker();
    for (const n of [51, 39, 51, 19]) worker.pythonWarning(line(n));
    assert.deepEqual(worker.report('h', () => 'TASK: t'), {
      message: `WorkerProcess for [h/TASK: t] errantly sent data directly to stderr instead of using Display:\n    ${line(51)}\n    ${line(19)}\n\n`,
    });
  });

  it('quotes the first 256 characters of a worker stderr', () => {
    const worker = new ControllerProcess(() => undefined).worker();
    for (const n of [19, 39, 51, 136]) worker.pythonWarning(line(n));
    const quoted = (worker.report('h', () => 'TASK: t')?.message ?? '').split(':\n')[1] ?? '';
    assert.equal(quoted.replace(/^ {4}/gm, ''), `${[19, 39, 51, 136].map(line).join('\n')}\n`.slice(0, 256) + '\n');
  });

  it('reports nothing for a worker that wrote nothing', () => {
    assert.equal(new ControllerProcess(() => undefined).worker().report('h', () => 'TASK: t'), undefined);
  });
});
