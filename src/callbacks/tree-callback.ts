import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeDirsSync } from '../core/make-dirs.js';
import type { Callback, HostResult } from '../run/events.js';
import type { CallbackOptions } from './callback-options.js';
import { callbackView } from './format/callback-view.js';
import { dumpResult } from './format/dump-result.js';

/**
 * ansible-core's deprecated `tree` notification callback: each host's latest ok, failed or
 * unreachable result, dumped as the default callback dumps it, in a file named after the host
 * (ANSIBLE_CALLBACK_TREE_DIR / [callback_tree] directory, default ~/.ansible/tree).
 */
export class TreeCallback implements Callback {
  private readonly directory: string;
  private readonly verbosity: number;

  constructor(options: CallbackOptions) {
    this.directory = options.treeDirectory ?? join(process.env.HOME ?? '~', '.ansible', 'tree');
    this.verbosity = options.verbosity;
  }

  private write(r: HostResult): void {
    const result = callbackView(r.result, r.task.actionWritten || r.task.action, r.task.noLog);
    makeDirsSync(this.directory);
    writeFileSync(join(this.directory, r.host), dumpResult(result, { verbosity: this.verbosity }));
  }

  runnerOk(r: HostResult): void {
    this.write(r);
  }

  runnerFailed(r: HostResult): void {
    this.write(r);
  }

  runnerUnreachable(r: HostResult): void {
    this.write(r);
  }
}
