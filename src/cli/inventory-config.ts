/** The ansible.cfg / ANSIBLE_* settings about the inventory and its variables. */
import type { Inventory } from '../inventory/inventory.js';
import { InventoryLoadError, loadInventory, type LoadInventoryOptions } from '../inventory/load-inventory.js';
import type { WarningDetail } from '../inventory/warning-detail.js';
import type { AnsibleConfig } from './config.js';

type InventorySettings = 'enabledPlugins' | 'unparsedIsFailed' | 'anyUnparsedIsFailed' | 'unparsedWarning' | 'ignoreExtensions' | 'ignorePatterns' | 'invalidGroupChars';

const GROUP_CHARS_MODES = ['always', 'never', 'ignore', 'silently'] as const;

/** A setting of ansible's `list` type: comma-separated, each item stripped. */
function list(text: string | undefined): string[] | undefined {
  return text === undefined ? undefined : text.split(',').map((n) => n.trim()).filter(Boolean);
}

export function inventoryConfig(config: AnsibleConfig): Pick<LoadInventoryOptions, InventorySettings> {
  const enabled = list(config.get('ANSIBLE_INVENTORY_ENABLED', 'inventory', 'enable_plugins'));
  const exts = list(config.get('ANSIBLE_INVENTORY_IGNORE', 'defaults', 'inventory_ignore_extensions') ?? config.get('ANSIBLE_INVENTORY_IGNORE', 'inventory', 'ignore_extensions'));
  const patterns = list(config.get('ANSIBLE_INVENTORY_IGNORE_REGEX', 'defaults', 'inventory_ignore_patterns') ?? config.get('ANSIBLE_INVENTORY_IGNORE_REGEX', 'inventory', 'ignore_patterns'));
  const groupChars = GROUP_CHARS_MODES.find((m) => m === config.get('ANSIBLE_TRANSFORM_INVALID_GROUP_CHARS', 'defaults', 'force_valid_group_names'));
  return {
    ...(groupChars ? { invalidGroupChars: groupChars } : {}),
    ...(enabled ? { enabledPlugins: enabled } : {}),
    ...(exts ? { ignoreExtensions: exts } : {}),
    ...(patterns ? { ignorePatterns: patterns } : {}),
    unparsedIsFailed: config.bool('ANSIBLE_INVENTORY_UNPARSED_FAILED', 'inventory', 'unparsed_is_failed', false),
    anyUnparsedIsFailed: config.bool('ANSIBLE_INVENTORY_ANY_UNPARSED_IS_FAILED', 'inventory', 'any_unparsed_is_failed', false),
    unparsedWarning: config.bool('ANSIBLE_INVENTORY_UNPARSED_WARNING', 'inventory', 'inventory_unparsed_warning', true),
  };
}

/** loadInventory; when loading fails, the warnings it gave first are shown before the error goes on. */
export function loadInventoryShowingWarnings(options: LoadInventoryOptions, show: (detail: WarningDetail) => void): Inventory {
  try {
    return loadInventory(options);
  } catch (error) {
    if (error instanceof InventoryLoadError) for (const d of error.warningDetails) show(d);
    throw error;
  }
}

/** `[defaults] precedence` (ANSIBLE_PRECEDENCE): the merge order of the group variable sources. */
export function variablePrecedence(config: AnsibleConfig): { variablePrecedence?: string[] } {
  const order = list(config.get('ANSIBLE_PRECEDENCE', 'defaults', 'precedence'));
  return order ? { variablePrecedence: order } : {};
}
