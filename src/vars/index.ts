/**
 * The vars stage: the variables a task sees on a host, with ansible-core 2.19's precedence,
 * built as layers (no copying), plus hostvars, magic variables and the per-host stores.
 */
export { VariableManager, type VariableManagerOptions, type RunOptionVars } from './variable-manager.js';
export { RunnerVars, type RunnerVarsOptions, type RunnerPlayVars, type CompiledPlayLike, type StepLike, type RoleInstanceLike } from './runner-vars.js';
export type { PlayScope, RoleScope, TaskScope, PlayHosts } from './scopes.js';
export { LayeredVars, withLocals, sourceLayer, type VarLayer } from './layered-vars.js';
export { SourceView, scopeOf } from './source-view.js';
export { HostVars } from './host-vars.js';
export { LazyDict } from './lazy-dict.js';
export { parseExtraVars } from './parse-extra-vars.js';
export { cleanFacts, namespaceFacts } from './clean-facts.js';
export { ansibleVersionDict, ANSIBLE_VERSION } from './ansible-version.js';
export { RESERVED_NAMES } from './reserved-names.js';
