/** Key origins (src/core/key-origins.ts) and their YAML source, for the inventory's and vars' users. */
export { copyKeyOrigin, keyOrigin, setKeyOrigin, type KeyOrigin } from '../core/key-origins.js';
export { setKeyOriginsFromNode } from '../yaml/key-origins-from-node.js';
