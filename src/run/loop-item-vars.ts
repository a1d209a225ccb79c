/**
 * The variables a loop binds for one item (loop_var, index_var, ansible_loop when extended) and the
 * same keys set on the item's result, as 2.19's loop sets them.
 */
import type { Data, DataDict } from '../core/data.js';
import { setValueOrigin, valueOrigin } from '../core/value-origins.js';
import type { LoopControl } from './loop-control.js';
import { loopItemValue } from './loop-item-trust.js';

/** The item's variables over `carried` (what earlier items left: register, set_fact), and its ansible_loop. */
export function itemLocals(
  control: LoopControl, items: readonly Data[], index: number, carried: ReadonlyMap<string, Data>,
): { locals: Map<string, Data>; loopInfo?: DataDict } {
  const locals = new Map<string, Data>([...carried, ['ansible_loop_var', control.loopVar], [control.loopVar, loopItemValue(items[index] as Data)]]);
  setValueOrigin(locals, control.loopVar, valueOrigin(items, index) ?? null);
  if (control.indexVar) {
    locals.set('ansible_index_var', control.indexVar);
    locals.set(control.indexVar, index);
  }
  if (!control.extended) return { locals };
  const loopInfo = new Map<string, Data>([
    ['index', index + 1], ['index0', index], ['first', index === 0], ['last', index + 1 === items.length],
    ['length', items.length], ['revindex', items.length - index], ['revindex0', items.length - index - 1],
  ]);
  if (control.extendedAllItems) loopInfo.set('allitems', items as Data[]);
  if (index + 1 < items.length) loopInfo.set('nextitem', items[index + 1] as Data);
  if (index > 0) loopInfo.set('previtem', items[index - 1] as Data);
  locals.set('ansible_loop', loopInfo);
  return { locals, loopInfo };
}

/** The item's loop keys on its result. */
export function setItemKeys(res: DataDict, control: LoopControl, items: readonly Data[], index: number, loopInfo: DataDict | undefined): void {
  res.set(control.loopVar, loopItemValue(items[index] as Data));
  res.set('ansible_loop_var', control.loopVar);
  if (control.indexVar) {
    res.set(control.indexVar, index);
    res.set('ansible_index_var', control.indexVar);
  }
  if (loopInfo) res.set('ansible_loop', loopInfo);
}
