/**
 * Actions that change the inventory: a loop's item lines are shown once the inventory took each
 * item (so `changed` says whether it changed anything), as 2.19's strategy shows them.
 */
export const INVENTORY_ACTIONS: ReadonlySet<string> = new Set(['add_host', 'group_by']);
