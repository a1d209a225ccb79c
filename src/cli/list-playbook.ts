/** --syntax-check, --list-hosts, --list-tasks, --list-tags: read and compile, run nothing. */
import { pyStr } from '../core/data.js';
import type { CompiledPlay } from '../compile/program.js';
import type { Inventory } from '../inventory/inventory.js';
import type { Playbook, PlayNode } from '../playbook/model.js';
import type { TemplateRenderer, VarSource } from '../template/api.js';
import type { RunContext } from './run-playbooks.js';
import { tagFilterFor } from '../run/tags.js';

function strings(value: unknown): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

export interface ListContext extends RunContext {
  readonly playbooks: readonly Playbook[];
  readonly inventory: Inventory;
  readonly compile: (play: PlayNode) => CompiledPlay;
  readonly templar: TemplateRenderer;
  readonly staticVars: (play: PlayNode) => VarSource;
}

export function listPlaybook(ctx: ListContext): number {
  const { args, out } = ctx;
  for (const playbook of ctx.playbooks) {
    if (args.syntaxCheck) {
      for (const entry of playbook.entries) if (entry.kind === 'play') ctx.compile(entry);
      out(`\nplaybook: ${args.playbooks[ctx.playbooks.indexOf(playbook)]}\n`);
      continue;
    }
    out(`\nplaybook: ${args.playbooks[ctx.playbooks.indexOf(playbook)]}\n`);
    let index = 0;
    for (const entry of playbook.entries) {
      if (entry.kind !== 'play') continue;
      index++;
      const compiled = ctx.compile(entry);
      const hostsKw = entry.keywords.get('hosts');
      const pattern = hostsKw ? pyStr(hostsKw.value) : '';
      const nameKw = entry.keywords.get('name');
      const name = nameKw ? pyStr(nameKw.value) : pattern;
      const tagsKw = entry.keywords.get('tags');
      const playTags = tagsKw ? (Array.isArray(tagsKw.value) ? tagsKw.value.map(pyStr) : [pyStr(tagsKw.value)]) : [];
      out(`\n  play #${index} (${pattern}): ${name}\tTAGS: [${playTags.join(', ')}]\n`);
      if (args.listHosts) {
        const hosts = ctx.inventory.hostsMatching(pattern);
        out(`    pattern: ['${pattern}']\n    hosts (${hosts.length}):\n`);
        for (const h of hosts) out(`      ${h}\n`);
      }
      if (args.listTasks) {
        out('    tasks:\n');
        const filter = tagFilterFor(strings(args.tags), strings(args.skipTags));
        for (const step of compiled.program.steps) {
          if (step.kind !== 'task' || step.task.action === 'meta') continue;
          if (filter && !filter(step)) continue;
          const n = step.task.keywords.get('name');
          const label = n ? pyStr(n.value) : step.task.action;
          const tags = step.folded.tags.flatMap((t) => (Array.isArray(t.value) ? t.value.map(pyStr) : [pyStr(t.value)]));
          out(`      ${step.role ? `${step.role.def.name} : ` : ''}${label}\tTAGS: [${tags.join(', ')}]\n`);
        }
      }
      if (args.listTags) {
        const all = new Set<string>(playTags);
        for (const step of compiled.program.steps) {
          if (step.kind !== 'task') continue;
          for (const t of step.folded.tags) for (const v of Array.isArray(t.value) ? t.value : [t.value]) all.add(pyStr(v));
        }
        out(`      TASK TAGS: [${[...all].sort().join(', ')}]\n`);
      }
    }
  }
  return 0;
}
