import { pyStr, truthy, type Data, type DataDict } from '../core/data.js';
import type { Callback, HostResult } from '../run/events.js';
import { CallbackBase, type Shown } from './callback-base.js';
import { dumpResult } from './format/dump-result.js';
import { isModuleNoJson } from './module-no-json.js';

/** ansible's deprecated `oneline` stdout callback: one line per host result (its deprecation: callbackLoadNotices). */
export class OnelineCallback extends CallbackBase implements Callback {
  /** NOTE: oneline has no result_format options in 2.19 (callback_result_format, callback_format_pretty): its results are JSON, indented only as -vvv or debug's results ask. */
  protected override dump(s: Shown, indent?: number): string {
    return dumpResult(s.result, { verbosity: this.verbosity, indent });
  }

  private commandMessage(host: string, result: DataDict, caption: string): string {
    const esc = (k: string): string => pyStr((result.get(k) ?? '') as Data).replace(/\n/g, '\\n').replace(/\r/g, '\\r');
    const rc = result.has('rc') ? pyStr(result.get('rc') as Data) : '-1';
    if (truthy(result.get('stderr') ?? null)) return `${host} | ${caption} | rc=${rc} | (stdout) ${esc('stdout')} (stderr) ${esc('stderr')}`;
    return `${host} | ${caption} | rc=${rc} | (stdout) ${esc('stdout')}`;
  }

  runnerFailed(r: HostResult): void {
    const s = this.view(r);
    if (s.result.has('exception')) {
      const text = pyStr(s.result.get('exception') as Data);
      const msg =
        this.verbosity < 3
          ? `An exception occurred during task execution. To see the full traceback, use -vvv. The error was: ${text.trim().split('\n').pop() ?? ''}`
          : `An exception occurred during task execution. The full traceback is:\n${text.replace(/\n/g, '')}`;
      if (isModuleNoJson(r.task.actionWritten || r.task.action) && !s.result.has('module_stderr')) {
        this.screen.display(this.commandMessage(r.host, s.result, 'FAILED'), { color: 'error' });
      } else {
        this.screen.display(msg, { color: 'error' });
      }
    }
    this.screen.display(`${r.host} | FAILED! => ${this.dump(s, 0).replace(/\n/g, '')}`, { color: 'error' });
  }

  runnerOk(r: HostResult): void {
    const s = this.view(r);
    const changed = truthy(s.result.get('changed') ?? false);
    const state = changed ? 'CHANGED' : 'SUCCESS';
    const color = changed ? 'changed' : 'ok';
    if (isModuleNoJson(r.task.actionWritten || r.task.action) && !s.result.has('ansible_job_id')) {
      this.screen.display(this.commandMessage(r.host, s.result, state), { color });
    } else {
      this.screen.display(`${r.host} | ${state} => ${this.dump(s, 0).replace(/\n/g, '')}`, { color });
    }
  }

  runnerUnreachable(r: HostResult): void {
    const s = this.view(r);
    this.screen.display(`${r.host} | UNREACHABLE!: ${pyStr((s.result.get('msg') ?? '') as Data)}`, { color: 'unreachable' });
  }

  runnerSkipped(r: HostResult): void {
    this.screen.display(`${r.host} | SKIPPED`, { color: 'skip' });
  }
}
