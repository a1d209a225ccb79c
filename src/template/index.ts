/**
 * The template engine's public entry: `createTemplateEngine()` gives the TemplateRenderer the
 * controller uses. Importing this module registers the builtin Jinja2 filters, tests and globals
 * and Ansible's filters, tests and lookups.
 */
import './filters/jinja-strings.js';
import './filters/jinja-lists.js';
import './filters/jinja-numbers.js';
import './filters/jinja-dicts.js';
import './filters/jinja-html.js';
import './tests/jinja-types.js';
import './tests/jinja-compare.js';
import './filters/ansible.js';
import './tests/ansible.js';
import './lookups/index.js';

export { createTemplateEngine, TemplateEngine } from './engine.js';
export { Undefined } from './runtime/undefined.js';
export { OMIT_PLACEHOLDER, OMIT_SCALAR, isOmit, omittedValueError } from './runtime/omit.js';
export { isTemplateText } from './template-text.js';
export { withRenderDefaults } from './renderer-defaults.js';
export { untrusted } from './runtime/trust.js';
export { datetimeValue } from './datetime-value.js';
export { UNDEFINED_TOLERANT_FILTERS, UNDEFINED_TOLERANT_TESTS } from './plugin-inputs.js';
