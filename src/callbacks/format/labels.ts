import { isDict, pyStr, truthy, type Data, type DataDict } from '../../core/data.js';

/** `host`, or `host -> delegate` and `(address)` when the delegate resolves elsewhere (ansible's host_label). */
export function hostLabel(host: string, delegateTo: string | undefined, result: DataDict): string {
  let label = host;
  if (delegateTo && delegateTo !== host) {
    label += ` -> ${delegateTo}`;
    const vars = result.get('_ansible_delegated_vars');
    const address = isDict(vars) && vars.has('ansible_host') ? vars.get('ansible_host') : delegateTo;
    if (address !== delegateTo) label += `(${pyStr(address as Data)})`;
  }
  return label;
}

/** What `(item=…)` shows: the loop_control label, else the item, printed with Python's str(). */
export function itemLabel(result: DataDict): string {
  return pyStr(itemLabelValue(result));
}

/** The label as a value (ansible's `_get_item_label`). */
export function itemLabelValue(result: DataDict): Data {
  if (truthy(result.get('_ansible_no_log') ?? null)) return '(censored due to no_log)';
  const label = result.has('_ansible_item_label') ? result.get('_ansible_item_label') : result.get('item');
  return label ?? null;
}
