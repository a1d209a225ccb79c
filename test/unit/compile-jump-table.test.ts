import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ProgramBuilder, type CompileLoader } from '../../src/compile/compile-play.js';
import { buildJumpTable } from '../../src/compile/jump-table.js';
import { EMPTY_FOLD } from '../../src/compile/fold-keywords.js';
import type { BlockNode, TaskNode, TaskOrBlock } from '../../src/playbook/model.js';

const loc = { file: 'play.yml', line: 1, column: 1 };
const task = (name: string): TaskNode => ({
  kind: 'task', loc, actionWritten: 'debug', action: 'debug', args: new Map(), argsLoc: loc,
  keywords: new Map([['name', { value: name, loc }]]), isHandler: false,
});
const block = (b: TaskOrBlock[], rescue: TaskOrBlock[] = [], always: TaskOrBlock[] = []): BlockNode => ({
  kind: 'block', loc, block: b, rescue, always, keywords: new Map(),
});
const noLoader = {} as CompileLoader;

function compile(list: TaskOrBlock[]) {
  const b = new ProgramBuilder(noLoader);
  b.addList(list, EMPTY_FOLD, { baseDir: '.' });
  const program = b.build();
  const names = program.steps.map((s) => (s.kind === 'task' ? String(s.task.keywords.get('name')?.value) : 'flush'));
  return { program, at: (name: string) => names.indexOf(name), names };
}

describe('compile/jump-table', () => {
  it('lays out block, rescue and always in order', () => {
    const { names } = compile([block([task('b1'), task('b2')], [task('r1')], [task('a1')]), task('after')]);
    assert.deepEqual(names, ['b1', 'b2', 'r1', 'a1', 'after']);
  });

  it('skips the rescue when the block section succeeds', () => {
    const { program, at } = compile([block([task('b1'), task('b2')], [task('r1')], [task('a1')]), task('after')]);
    assert.equal(program.jumps.next[at('b2')], at('a1'));
    assert.equal(program.jumps.next[at('r1')], at('a1'));
    assert.equal(program.jumps.next[at('a1')], at('after'));
  });

  it('jumps to rescue when a task fails and counts it as rescued', () => {
    const { program, at } = compile([block([task('b1'), task('b2')], [task('r1')], [task('a1')])]);
    const f = program.jumps.fail[at('b1')];
    assert.equal(f?.target, at('r1'));
    assert.equal(f?.rescueSpan, 0);
    assert.equal(program.jumps.rescuable[at('b1')], true);
    assert.equal(program.jumps.rescuable[at('r1')], false);
  });

  it("marks every section of the play's outermost block with a rescue for a handler's failure", () => {
    const { program, at } = compile([block([block([task('b1')], [], [task('a1')])], [task('r1')], [task('a2')]), block([task('b2')], [], [task('a3')]), task('bare')]);
    for (const name of ['b1', 'a1', 'r1', 'a2']) assert.equal(program.jumps.playBlockRescues[at(name)], true, name);
    for (const name of ['b2', 'a3', 'bare']) assert.equal(program.jumps.playBlockRescues[at(name)], false, name);
  });

  it('treats a rescue whose steps --tags all leaves out as no rescue, up to an outer one that kept a step', () => {
    const { program, at } = compile([block([block([task('b1')], [task('r1')])], [task('r2')]), block([task('b2')], [task('r3')], [task('a3')])]);
    const kept = (step: (typeof program.steps)[number]): boolean => step.kind === 'task' && step.task.keywords.get('name')?.value === 'r2';
    const jumps = buildJumpTable(program.steps, program.spans, kept);
    assert.equal(jumps.fail[at('b1')]?.target, at('r2'));
    assert.equal(jumps.fail[at('b2')]?.target, at('a3'));
    assert.equal(jumps.fail[at('b2')]?.pendingSpan, 2);
    assert.equal(jumps.rescuable[at('b2')], false);
    assert.equal(program.jumps.fail[at('b1')]?.target, at('r1'));
  });

  it('runs always with the failure pending when there is no rescue', () => {
    const { program, at } = compile([block([task('b1')], [], [task('a1')]), task('after')]);
    assert.deepEqual(program.jumps.fail[at('b1')], { target: at('a1'), pendingSpan: 0, hostFailed: false });
    assert.deepEqual(program.jumps.exits[at('a1')], [0]);
    assert.equal(program.jumps.spanFail[0]?.hostFailed, true);
  });

  it('sends a failing rescue to always, then fails the host', () => {
    const { program, at } = compile([block([task('b1')], [task('r1')], [task('a1')])]);
    assert.equal(program.jumps.fail[at('r1')]?.target, at('a1'));
    assert.equal(program.jumps.fail[at('r1')]?.pendingSpan, 0);
    assert.equal(program.jumps.fail[at('a1')]?.hostFailed, true);
  });

  it('lets an outer rescue catch a failure from a nested block after the inner always', () => {
    const inner = block([task('i1')], [], [task('ia')]);
    const { program, at } = compile([block([inner, task('o2')], [task('or')], [task('oa')]), task('after')]);
    assert.equal(program.jumps.fail[at('i1')]?.target, at('ia'));
    assert.deepEqual(program.jumps.exits[at('ia')], [1]);
    assert.equal(program.jumps.spanFail[1]?.target, at('or'));
    assert.equal(program.jumps.spanFail[1]?.rescueSpan, 0);
    assert.equal(program.jumps.rescuable[at('i1')], true);
    assert.equal(program.jumps.next[at('o2')], at('oa'));
  });

  it('skips both rescues when a nested block ends its outer block section', () => {
    const inner = block([task('i1')], [task('ir')]);
    const { program, at } = compile([block([inner], [task('or')], [task('oa')])]);
    assert.equal(program.jumps.next[at('i1')], at('oa'));
  });

  it('fails the host from a task outside any block', () => {
    const { program, at } = compile([task('t1'), task('t2')]);
    assert.equal(program.jumps.fail[at('t1')]?.hostFailed, true);
    assert.equal(program.jumps.fail[at('t1')]?.target, 2);
  });
  it("gives a step the end of 2.19's innermost Block around it, and says when that Block is the play's own", () => {
    const list = [task('t1'), task('t2'), block([task('b1'), block([task('n1')]), task('b2')]), task('t3')];
    const nested = compile(list);
    const step = (name: string) => nested.program.steps[nested.at(name)];
    const reviveAt = (name: string) => { const s = step(name); return s?.kind === 'task' ? s.reviveAt : undefined; };
    // a task file (what an include or import brings): the run of bare tasks is a Block of its own
    assert.equal(reviveAt('t1'), nested.at('b1'));
    assert.equal(reviveAt('b1'), nested.at('t3'));
    assert.equal(reviveAt('n1'), nested.at('b2'));
    assert.equal(reviveAt('t3'), nested.names.length);
    const b = new ProgramBuilder(noLoader);
    b.playLevel = true;
    b.addList(list, EMPTY_FOLD, { baseDir: '.' });
    const play = b.build();
    const at = (name: string) => play.steps.find((s) => s.kind === 'task' && s.task.keywords.get('name')?.value === name);
    const field = (name: string) => at(name) as { reviveAt?: number; playBlock?: true };
    for (const name of ['t1', 'b1', 't3']) assert.equal(field(name).playBlock, true, name);
    assert.equal(field('t1').reviveAt, nested.at('b1'));
    assert.deepEqual([field('n1').reviveAt, field('n1').playBlock], [nested.at('b2'), undefined]);
  });
});
