/**
 * The inventory stage: sources → Inventory (hosts, groups, their variables), ansible's host
 * patterns, --limit, and the run-time changes add_host and group_by make.
 */
export { loadInventory, inventoryVarsDirs, unfrackPath, DEFAULT_INVENTORY, type LoadInventoryOptions } from './load-inventory.js';
export { Inventory, LOCALHOST_NAMES, isValidVariableName, type HostQuery } from './inventory.js';
export type { WarningDetail } from './warning-detail.js';
export { Host } from './host.js';
export { Group, sortGroups } from './group.js';
export { hostList } from './host-list.js';
export { splitHostPattern, orderPatterns } from './host-pattern.js';
export { parseAddress, type ParsedAddress } from './parse-address.js';
export { expandHostRange } from './expand-host-range.js';
export { VarsFiles, findVarsFiles, VARS_FILE_EXTENSIONS } from './vars-files.js';
export { inventoryList, inventoryListJson, INTERNAL_STATIC_VARS } from './inventory-list.js';
export { loadYamlData, loadYamlNode } from './load-yaml-data.js';
export { keyOrigin, setKeyOrigin, setKeyOriginsFromNode, type KeyOrigin } from './key-origins.js';
