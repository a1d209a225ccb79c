import { pyStr, truthy, type Data, type DataDict } from '../core/data.js';
import type { Callback, HostResult } from '../run/events.js';
import { CallbackBase } from './callback-base.js';
import { formatDiff } from './format/diff.js';
import { isModuleNoJson } from './module-no-json.js';

/** ansible's `minimal` stdout callback: `host | SUCCESS => {…}`, command output as text. */
export class MinimalCallback extends CallbackBase implements Callback {
  private commandMessage(host: string, result: DataDict, caption: string): string {
    const text = (k: string): string => pyStr((result.get(k) ?? '') as Data);
    const rc = result.has('rc') ? pyStr(result.get('rc') as Data) : '-1';
    return `${host} | ${caption} | rc=${rc} >>\n${text('stdout')}${text('stderr')}${text('msg')}\n`;
  }

  runnerFailed(r: HostResult): void {
    const s = this.view(r);
    this.warningsAndError(s);
    if (isModuleNoJson(r.task.actionWritten || r.task.action) && !s.result.has('module_stderr')) {
      this.screen.display(this.commandMessage(r.host, s.result, 'FAILED'), { color: 'error' });
    } else {
      this.screen.display(`${r.host} | FAILED! => ${this.dump(s, 4)}`, { color: 'error' });
    }
  }

  runnerOk(r: HostResult): void {
    const s = this.view(r);
    this.warningsAndError(s);
    this.cleanResults(s);
    const changed = truthy(s.result.get('changed') ?? false);
    const state = changed ? 'CHANGED' : 'SUCCESS';
    const color = changed ? 'changed' : 'ok';
    if (isModuleNoJson(r.task.actionWritten || r.task.action) && !s.result.has('ansible_job_id')) {
      this.screen.display(this.commandMessage(r.host, s.result, state), { color });
    } else {
      this.screen.display(`${r.host} | ${state} => ${this.dump(s, 4)}`, { color });
    }
  }

  runnerSkipped(r: HostResult): void {
    this.warningsAndError(this.view(r));
    this.screen.display(`${r.host} | SKIPPED`, { color: 'skip' });
  }

  runnerUnreachable(r: HostResult): void {
    const s = this.view(r);
    this.warningsAndError(s);
    this.screen.display(`${r.host} | UNREACHABLE! => ${this.dump(s, 4)}`, { color: 'unreachable' });
  }

  fileDiff(r: HostResult): void {
    const diff = r.result.get('diff');
    if (diff !== undefined && truthy(diff)) this.screen.display(formatDiff(diff, (line, color) => this.screen.colorize(line, color), this.options.diffContext ?? 3, this.options));
  }
}
