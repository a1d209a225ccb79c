/**
 * 2.19's embedded templates: template-looking string constants inside expressions. Expected
 * results were observed with ansible-core 2.19 (when/lookup tasks, ALLOW_EMBEDDED_TEMPLATES).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dictOf, type Data } from '../core/data.js';
import type { TemplateWarning, VarSource } from './api.js';
import { lookups } from './plugin.js';
import { createTemplateEngine } from './index.js';

function source(values: Record<string, Data>): VarSource {
  const data = dictOf(values);
  return { get: (k) => data.get(k), has: (k) => data.has(k), keys: () => [...data.keys()] as string[] };
}

const origin = { file: '/p/play.yml', line: 10, column: 13 };
const vars = source({ who: 'a', num: 1, lst: ['a', 'b'], nested: "{{ '{{ who }}' == 'a' }}" });

function collecting(): { warnings: TemplateWarning[]; warn: (w: TemplateWarning) => void } {
  const warnings: TemplateWarning[] = [];
  return { warnings, warn: (w) => warnings.push(w) };
}

describe('template/embedded-templates', () => {
  const engine = createTemplateEngine();
  lookups.set('echo_terms', (_ctx, terms) => [terms as Data]);

  it('renders a constant of a conditional as a template, warning at the conditional', () => {
    const { warnings, warn } = collecting();
    assert.equal(engine.evaluateConditional("'{{ who }}' == 'a'", vars, { origin, warn }), true);
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0]?.message, 'Jinja constant strings should not contain embedded templates. This feature will be disabled by default in ansible-core 2.23.');
    assert.equal(warnings[0]?.help, 'Use inline expressions, for example: `when: "{{ a_var }}" == 42` becomes `when: a_var == 42`');
    assert.deepEqual(warnings[0]?.origin, origin);
  });

  it('gives a conditional constant its native value, inside lists, dicts, filters and tests', () => {
    assert.equal(engine.evaluateConditional("'{{ num }}' == 1", vars), true);
    assert.equal(engine.evaluateConditional("['{{ who }}', 'b'] == lst", vars), true);
    assert.equal(engine.evaluateConditional("{'{{ who }}': 1}.a == 1", vars), true);
    assert.equal(engine.evaluateConditional("'{{ who }}' | upper == 'A'", vars), true);
    assert.equal(engine.evaluateConditional("'{{ who }}' in lst", vars), true);
  });

  it('leaves constants as text in a template the conditional reads (a variable, a constant)', () => {
    assert.equal(engine.evaluateConditional('nested', vars), false);
    assert.equal(engine.evaluateConditional(`'{{ "{{ who }}" }}' == '{{ who }}'`, vars), false);
  });

  it('makes an undefined value of the constant its value, not a failure', () => {
    assert.equal(engine.evaluateConditional("'{{ nope }}' | default('x') == 'x'", vars), true);
    assert.equal(engine.evaluateConditional("'{{ nope }}/x' is not defined", vars), true);
  });

  it('renders constants given to a lookup as positional terms only, with the lookup help', () => {
    const { warnings, warn } = collecting();
    assert.deepEqual(engine.render("{{ query('echo_terms', '{{ who }}', ['{{ num }}'], 'x' ~ '{{ who }}', k='{{ who }}') }}", vars, { origin, warn }), [['a', [1], 'x{{ who }}']]);
    assert.equal(warnings[0]?.help, "Use inline expressions, for example: `msg: \"{{ lookup('env', '{{ a_var }}') }}\"` becomes `msg: \"{{ lookup('env', a_var) }}\"`");
  });

  it('makes an undefined value in a lookup term the lookup result', () => {
    assert.equal(engine.render("{{ lookup('echo_terms', '{{ nope }}') | default('d') }}", vars), 'd');
  });

  it('keeps constants as text elsewhere', () => {
    const { warnings, warn } = collecting();
    assert.equal(engine.render("{{ '{{ who }}' }}", vars, { warn }), '{{ who }}');
    assert.equal(engine.evaluateExpression("'{{ who }}' ~ 'x'", vars, { warn }), '{{ who }}x');
    assert.equal(warnings.length, 0);
  });

  it('is off with ALLOW_EMBEDDED_TEMPLATES false', () => {
    const off = createTemplateEngine({ embeddedTemplates: false });
    const { warnings, warn } = collecting();
    assert.equal(off.evaluateConditional("'{{ who }}' == 'a'", vars, { warn }), false);
    assert.deepEqual(off.render("{{ query('echo_terms', '{{ who }}') }}", vars, { warn }), [['{{ who }}']]);
    assert.equal(warnings.length, 0);
  });
});
