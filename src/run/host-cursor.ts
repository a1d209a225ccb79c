/**
 * A host's position in a play: a stack of frames over compiled programs (the play's, then any
 * dynamic includes it entered). Moves only through the jump tables.
 */
import type { FailTarget } from '../compile/jump-table.js';
import type { Program, RoleInstance, Span, Step } from '../compile/program.js';
import { rolesEnded } from './role-ends.js';

interface Frame {
  readonly program: Program;
  pc: number;
  /** Spans whose always section is running with a failure still pending. */
  readonly pending: Set<number>;
}

export interface FailOutcome {
  /** The failure is inside a block with a rescue: counted as rescued, not as a failure. */
  readonly rescued: boolean;
  /** No block handled it: the host is out of the play. */
  readonly hostFailed: boolean;
}

export class HostCursor {
  private readonly frames: Frame[];
  /** Set once the host failed out of the play (not rescued). */
  failed = false;
  /** Set by end_host / end_play, or when every step is done. */
  ended = false;
  /**
   * Out of ansible_play_batch and ansible_play_hosts until the batch ends (2.19's
   * play._removed_hosts): failed with no rescue to take it in (an always section may still run),
   * marked failed, or ended. clear_host_errors does not bring it back.
   */
  removed = false;
  /**
   * Where clear_host_errors puts the host back when it failed out of the play: 2.19 keeps the
   * state it had then (see TaskStep.reviveAt), the enclosing Blocks never told of the failure.
   */
  private resumeAt: { frame: Frame; pc: number }[] | undefined;
  /**
   * The host failed out with its failure marked on one of the play's own Blocks; otherwise 2.19
   * marked only a Block inside one, and meta end_batch/end_play, which complete the play's
   * Blocks, leave the host not failed for the batch's result (the exit code). Under force_handlers
   * the play's Blocks sit in blocks of its own, marked only once the host runs their flush.
   */
  topFailure = false;
  /**
   * The host failed out as an always section it ran with a failure pending ended: 2.19's strategy
   * never counts it among the failed hosts it checks max_fail_percentage against (only a task whose
   * failure completes the host counts), though the batch's result does.
   */
  failedLeavingAlways = false;

  /**
   * `wrappedPlay`: force_handlers, under which 2.19 puts each section of the play in a block of its
   * own (its always runs the handlers), so the play's Blocks are not the outermost.
   */
  constructor(
    program: Program,
    private readonly wrappedPlay = false,
    /** The program as the play's --tags filter its block sections (play-runner.ts). */
    private readonly tagged: (program: Program) => Program = (p) => p,
  ) {
    this.frames = [{ program: tagged(program), pc: 0, pending: new Set() }];
  }

  /** The step this host runs next, or undefined when it has none left. */
  peek(): Step | undefined {
    while (!this.ended) {
      const frame = this.top();
      const step = frame.program.steps[frame.pc];
      if (step) return step;
      if (this.frames.length === 1) {
        this.ended = true;
        return undefined;
      }
      // An included program finished: continue after the include step in the parent.
      this.frames.pop();
      this.advance();
    }
    return undefined;
  }

  /** The host is at a flush point, and only flush points are left of the play (no include open). */
  atTrailingFlushes(): boolean {
    if (this.peek()?.kind !== 'flush' || this.frames.length > 1) return false;
    const frame = this.top();
    return frame.program.steps.slice(frame.pc).every((step) => step.kind === 'flush');
  }

  /** Where the last successful step was, so any_errors_fatal can fail a host "at" it. */
  private last: { frame: Frame; pc: number } | undefined;

  /**
   * The current step succeeded (or was skipped). `settle: false` (an unreachable host): a failure
   * an always section it leaves was to raise stays pending, as 2.19 never asks an unreachable
   * host's state for its next task, so the host is not counted failed.
   */
  advance(settle = true): void {
    const frame = this.top();
    const jumps = frame.program.jumps;
    const from = frame.pc;
    this.last = { frame, pc: from };
    for (const span of settle ? (jumps.exits[from] ?? []) : []) {
      if (frame.pending.delete(span)) {
        // NOTE: 2.19 raises the failure only as it looks for the next task, without keeping that
        // state: revived, the host goes on from here as if no failure had been pending.
        const resume = this.positions(jumps.next[from] ?? frame.program.steps.length);
        const spanInfo = frame.program.spans[span];
        const top = !this.wrappedPlay && this.frames.length === 1 && spanInfo !== undefined && spanInfo.parent < 0 && !spanInfo.imported;
        if (this.applyFail(jumps.spanFail[span] as FailTarget)) {
          this.resumeAt = resume;
          this.topFailure = top;
          this.failedLeavingAlways = true;
        }
        return;
      }
    }
    frame.pc = jumps.next[from] ?? frame.program.steps.length;
    // NOTE: a file a role's task includes holds that role's tasks, but only the role's own task
    // list ends with its role_complete (2.19 adds it as it compiles the role): leaving the file
    // does not end the role, going on past the include step does.
    const including = this.includingRole();
    this.rolesCompleted.push(...rolesEnded(frame.program, from, frame.pc).filter((role) => including === undefined || role !== including));
  }

  /** The role of the include step whose file the host is in (undefined at the play's level). */
  private includingRole(): RoleInstance | undefined {
    const parent = this.frames[this.frames.length - 2];
    const step = parent?.program.steps[parent.pc];
    return step?.kind === 'task' ? step.role : undefined;
  }

  /**
   * Roles whose last step the host went on past (2.19 then runs each one's implicit role_complete
   * meta task), not yet taken by the free strategy, where each takes the host's turn in a pass;
   * undefined for a role with no task at all.
   */
  rolesCompleted: (RoleInstance | undefined)[] = [];

  /**
   * A handler flushed by a meta task fails as that task would: the block the host is in rescues
   * it (ansible keeps the host's block state while it runs handlers).
   */
  private failsInto: HostCursor | undefined;
  /** force_handlers wraps the play's tasks in a block of its own: the user's outermost block is no longer the play's. */
  private playBlockCounts = true;
  /** A step failed here, rescued or not (a handler's failure ends its flush for the host). */
  hadFailure = false;

  /**
   * A cursor for one handler run on a host whose own cursor is `host`; `flushing` (a meta task's
   * flush) takes its failure as the failure of that cursor's current step.
   */
  static forHandler(program: Program, host: HostCursor | undefined, flushing: HostCursor | undefined, forceHandlers = false): HostCursor {
    const cursor = new HostCursor(program);
    cursor.failsInto = flushing;
    cursor.hostCursor = host;
    cursor.playBlockCounts = !forceHandlers;
    return cursor;
  }

  /** The host's own cursor, while this one runs a handler on it. */
  private hostCursor: HostCursor | undefined;

  /** Out of ansible_play_batch and ansible_play_hosts: a handler's run does not bring the host back. */
  get outOfBatch(): boolean {
    return this.removed || (this.hostCursor?.outOfBatch ?? false);
  }

  /** The step the host is at, without moving (an included program's end is not left). */
  current(): Step | undefined {
    if (this.ended) return undefined;
    const frame = this.top();
    return frame.program.steps[frame.pc];
  }

  /**
   * Advances only when the host is still at `step` (a failure may have moved it on). Compared by
   * id: a looped include runs copies of its file's steps (concatPrograms), which the linear order
   * offers as the originals.
   */
  advancePast(step: Step): void {
    if (this.current()?.id === step.id) this.advance();
  }

  /**
   * The current step failed: rescue, always, or out of the play. `byHandler`: a handler it
   * flushed failed, which 2.19 also counts as rescued anywhere in a play block with a rescue.
   */
  fail(byHandler = false): FailOutcome {
    this.hadFailure = true;
    if (this.failsInto && !this.failsInto.ended) {
      const outcome = this.failsInto.fail(this.playBlockCounts);
      this.ended = true;
      this.failed = outcome.hostFailed;
      return outcome;
    }
    const frame = this.top();
    const play = this.frames[0] as Frame;
    const rescued = (frame.program.jumps.rescuable[frame.pc] ?? false) || this.parentRescuable() || (byHandler && (play.program.jumps.playBlockRescues[play.pc] ?? false));
    const target = frame.program.jumps.fail[frame.pc] as FailTarget | undefined;
    // NOTE: a host already failed out of the play (a run_once failure under free marks every host
    // while their own run of the task is still out) fails again where it is: out.
    if (target === undefined && this.failed) return { rescued: false, hostFailed: true };
    const step = frame.program.steps[frame.pc] as Step | undefined;
    const reviveAt = step?.kind === 'task' && (!step.playBlock || this.wrappedPlay) ? step.reviveAt : undefined;
    const resume = reviveAt === undefined && this.frames.length === 1 ? undefined : this.positions(reviveAt ?? frame.program.steps.length);
    const hostFailed = this.applyFail(target as FailTarget);
    if (hostFailed) {
      this.resumeAt = resume;
      this.topFailure = resume === undefined;
    }
    if (!rescued) this.removed = true;
    // 2.19 keeps the failed state: marked failed again (any_errors_fatal), the host fails from here,
    // a rescue it has not started yet sending it to its always section.
    this.last = undefined;
    return { rescued, hostFailed };
  }

  /**
   * In the rescue section of one of the play's own blocks, the rescue not done: 2.19 keeps that
   * block's failure on the host's state, so a play ended there (end_play, end_batch) leaves the
   * host failed for the plays after.
   */
  inPlayBlockRescue(): boolean {
    // A handler's run (a flush point) asks the host's own cursor.
    if (this.failsInto) return this.failsInto.inPlayBlockRescue();
    const main = this.frames[0] as Frame;
    return main.program.spans.some((span) => span.parent < 0 && !span.imported && span.rescueStart <= main.pc && main.pc < span.alwaysStart && span.rescueStart < span.alwaysStart);
  }

  /**
   * A meta end_batch/end_play run now leaves the play's block this host is rescuing failed. NOTE:
   * 2.19's end_host clears the failure only when the host's innermost block is in its rescue; a
   * block or an included file inside the rescue is a state of its own, so the play's block keeps
   * its failure (and the host counts as failed for the exit code and the later plays).
   */
  endLeavesRescueFailed(): boolean {
    if (this.failsInto || !this.inPlayBlockRescue()) return false;
    const frame = this.top();
    const pc = frame.pc;
    let inner: Span | undefined;
    for (const span of frame.program.spans) {
      if (span.blockStart <= pc && pc < span.end && (!inner || span.end - span.blockStart < inner.end - inner.blockStart)) inner = span;
    }
    if (!inner) return this.frames.length > 1;
    return !(inner.rescueStart <= pc && pc < inner.alwaysStart);
  }

  /**
   * Fails the host at the step it last completed (any_errors_fatal, max_fail_percentage): ansible
   * marks the host failed where its state still is, inside that step's block.
   */
  failAtLast(): FailOutcome {
    if (this.ended) return { rescued: false, hostFailed: this.failed };
    const last = this.last;
    if (last && this.top() === last.frame) last.frame.pc = last.pc;
    const outcome = this.fail();
    // 2.19 marks the host failed here without looking for a rescue.
    this.removed = true;
    return outcome;
  }

  /** Enters a dynamically included program; the include step stays current until it is done. */
  enter(program: Program): void {
    this.frames.push({ program: this.tagged(program), pc: 0, pending: new Set() });
    // An included role with no task at all (or one its file starts with) ends as it is entered.
    this.rolesCompleted.push(...rolesEnded(program, -1, 0));
  }

  /**
   * meta: end_role: the rest of this role's steps are skipped for the host. NOTE: 2.19 stops
   * skipping at the role's role_complete, which the host then runs (a turn of its own under free).
   */
  skipRole(role: unknown): void {
    this.advance();
    for (let step = this.peek(); step && step.kind === 'task' && role !== undefined && step.role === role; step = this.peek()) this.advance();
  }

  /** Leaves the play without failing (end_host, end_play). */
  end(): void {
    this.ended = true;
    this.removed = true;
    this.leftPlay = true;
  }

  /** end() was called: a meta task (or a failed handler) took the host out of the play. */
  leftPlay = false;

  /**
   * The step the host goes to when the current one succeeds, when that is the next step of the
   * same program with no block left on the way (run-ahead's guess); else undefined.
   */
  nextInFrame(): Step | undefined {
    if (this.ended) return undefined;
    const frame = this.top();
    const jumps = frame.program.jumps;
    if ((jumps.exits[frame.pc] ?? []).length > 0) return undefined;
    return frame.program.steps[jumps.next[frame.pc] ?? frame.program.steps.length];
  }

  /** Where the host is now, and a function that puts it back there (the task debugger's redo). */
  snapshot(): () => void {
    const saved = this.frames.map((frame) => ({ frame, pc: frame.pc, pending: [...frame.pending] }));
    const { failed, ended, removed, last } = this;
    const lastPc = last?.pc;
    return () => {
      this.frames.length = 0;
      for (const s of saved) {
        s.frame.pc = s.pc;
        s.frame.pending.clear();
        for (const span of s.pending) s.frame.pending.add(span);
        this.frames.push(s.frame);
      }
      this.failed = failed;
      this.ended = ended;
      this.removed = removed;
      this.last = last && lastPc !== undefined ? { frame: last.frame, pc: lastPc } : undefined;
    };
  }

  /**
   * meta: clear_host_errors puts a failed host back where 2.19's iterator kept it (resumeAt; one
   * that failed in one of the play's own Blocks stays out), and forgets a failure an always section
   * was to raise again when it ends (2.19 clears the fail state of every block the host is in).
   */
  revive(): void {
    if (this.failed && this.resumeAt) {
      this.frames.length = 0;
      for (const { frame, pc } of this.resumeAt) {
        frame.pc = pc;
        this.frames.push(frame);
      }
      this.ended = false;
    }
    this.resumeAt = undefined;
    this.failedLeavingAlways = false;
    this.failed = false;
    for (const frame of this.frames) frame.pending.clear();
  }

  /** The frames as they are, the innermost one at `pc`. */
  private positions(pc: number): { frame: Frame; pc: number }[] {
    return this.frames.map((frame, i) => ({ frame, pc: i === this.frames.length - 1 ? pc : frame.pc }));
  }

  private top(): Frame {
    return this.frames[this.frames.length - 1] as Frame;
  }

  private parentRescuable(): boolean {
    for (let i = this.frames.length - 2; i >= 0; i--) {
      const f = this.frames[i] as Frame;
      if (f.program.jumps.rescuable[f.pc]) return true;
    }
    return false;
  }

  /** Returns true when the host failed out of the play. */
  private applyFail(target: FailTarget): boolean {
    const frame = this.top();
    if (!target.hostFailed) {
      if (target.pendingSpan !== undefined) frame.pending.add(target.pendingSpan);
      frame.pc = target.target;
      return false;
    }
    if (this.frames.length > 1) {
      // A failure no block in the included file handled: it is the include step's failure.
      this.frames.pop();
      const parent = this.top();
      return this.applyFail(parent.program.jumps.fail[parent.pc] as FailTarget);
    }
    frame.pc = frame.program.steps.length;
    this.failed = true;
    this.ended = true;
    return true;
  }
}
