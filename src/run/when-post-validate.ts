/**
 * 2.19's post_validate of a task's `when`: once the conditions hold, the keyword's list is also
 * templated as any keyword is. A condition only fails there when its text holds a template the
 * evaluation never read or tolerated: an embedded constant (`'{{ x }}'`) past a short-circuit
 * (`x is not defined or '{{ x }}' == 'a'`) or under `default` / `is defined`.
 */
import { pyRepr, type Data } from '../core/data.js';
import type { TemplateRenderer, VarSource } from '../template/api.js';
import type { Keyword } from '../playbook/model.js';
import { conditionsOf } from './keyword-values.js';
import { TaskError, linksOf } from './task-error.js';

export function postValidateWhen(when: readonly Keyword[], vars: VarSource, templar: TemplateRenderer): void {
  const conditions = when.flatMap((kw) => conditionsOf(kw));
  for (const [cond, origin] of conditions) {
    if (typeof cond !== 'string' || !templar.isTemplate(cond)) continue;
    try {
      // The evaluation already said what it had to (warnings, deprecations).
      templar.render(cond, vars, { origin, warn: () => undefined });
    } catch (e) {
      // NOTE: 2.19 names the keyword's whole list (the blocks' conditions first), with no origin of its own.
      const written = pyRepr(conditions.map(([c]) => c) as Data[]);
      throw new TaskError([{ message: "Error processing keyword 'when'.", context: `Origin: <unknown>\n\n${written}` }, ...linksOf(e)]);
    }
  }
}
