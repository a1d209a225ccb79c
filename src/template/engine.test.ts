/**
 * The TemplateRenderer contract as the controller uses it. Expected words and values were
 * observed with ansible-core 2.19 (ansible-playbook debug/when tasks and Templar).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PyFloat, UnsafeString, dictOf, type Data, type DataDict } from '../core/data.js';
import { TemplateError } from '../core/errors.js';
import { isTaggedContainer, markTaggedContainer } from '../core/tagged-containers.js';
import type { VarSource } from './api.js';
import { lookups } from './plugin.js';
import { Undefined, UndefinedError } from './runtime/undefined.js';
import { createTemplateEngine, isTemplateText, OMIT_PLACEHOLDER, untrusted } from './index.js';

function source(values: Record<string, Data>): VarSource {
  const data = dictOf(values);
  return { get: (k) => data.get(k), has: (k) => data.has(k), keys: () => [...data.keys()] as string[] };
}

const origin = { file: '/p/play.yml', line: 26, column: 13 };

function failure(fn: () => unknown): TemplateError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof TemplateError, `not a TemplateError: ${String(err)}`);
    return err;
  }
  assert.fail('did not throw');
}

describe('template/engine', () => {
  const engine = createTemplateEngine();

  it('tells templates from plain text', () => {
    assert.equal(isTemplateText('a {{ b }}'), true);
    assert.equal(isTemplateText('{% if x %}'), true);
    assert.equal(isTemplateText('{# c #}'), true);
    assert.equal(isTemplateText('a { b } c'), false);
    assert.equal(engine.isTemplate('plain'), false);
  });

  it('returns the native value of a single expression and a string otherwise', () => {
    const vars = source({ d: dictOf({ x: 1 }) });
    assert.equal(engine.render('{{ 1 }}', vars), 1);
    assert.deepEqual(engine.render('{{ 6 / 2 }}', vars), new PyFloat(3));
    assert.deepEqual(engine.render('{{ d }}', vars), dictOf({ x: 1 }));
    assert.equal(engine.render("x{{ d }}", vars), "x{'x': 1}");
    assert.equal(engine.render('{{ [1,2] }} x', vars), '[1, 2] x');
    assert.equal(engine.render('{{ None }}x', vars), 'x');
    assert.equal(engine.render('{% if false %}x{% endif %}', vars), null);
    assert.equal(engine.render('plain text', vars), 'plain text');
  });

  it('renders variables holding templates when they are read, and detects recursion', () => {
    const vars = source({ i: 7, lazy: '{{ i * 2 }}', nested: [dictOf({ v: '{{ i + 1 }}' })], a: '{{ b }}', b: '{{ a }}' });
    assert.equal(engine.render('{{ lazy + 1 }}', vars), 15);
    assert.deepEqual(engine.render('{{ nested }}', vars), [dictOf({ v: 8 })]);
    const err = failure(() => engine.render('{{ a }}', vars, { origin }));
    assert.equal(err.message, 'Recursive loop detected in template: maximum recursion depth exceeded');
  });

  it('never renders an unsafe string', () => {
    const vars = source({ u: new UnsafeString('{{ nope }}') });
    assert.equal(engine.render('{{ u }}', vars), '{{ nope }}');
  });

  it('never renders values marked untrusted (produced by templates or modules)', () => {
    const result = untrusted(dictOf({ stdout: '{{ nope }}', lines: ['{{ nope }}'] })) as Data;
    const vars = source({ r: result, s: untrusted('{{ nope }}') as Data });
    assert.equal(engine.render('{{ r.stdout }}|{{ r.lines[0] }}|{{ s }}', vars), '{{ nope }}|{{ nope }}|{{ nope }}');
    assert.deepEqual(engine.render('{{ r }}', vars), result);
  });

  it("reports errors in Ansible's words with the origin", () => {
    const vars = source({ d: dictOf({ x: 1 }), l: [1, 2] });
    const cases: [string, string][] = [
      ['{{ nope }}', "'nope' is undefined"],
      ['{{ 1 +  }}', "Syntax error in template: unexpected 'end of print statement'"],
      ['{{ 1 | nofilter }}', "Syntax error in template: No filter named 'nofilter'."],
      ['{{ 1 / 0 }}', 'Error rendering template: division by zero'],
      ['{{ d.zz }}', "object of type 'dict' has no attribute 'zz'"],
      ['{{ l[5] }}', "object of type 'list' has no attribute 5"],
      ['{{ d.zz.yy }}', "object of type 'dict' has no attribute 'zz'"],
      ['{% for x in 1 %}{% endfor %}', "Error rendering template: 'int' object is not iterable"],
      ["{{ 'a' + 1 }}", 'Error rendering template: can only concatenate str (not "int") to str'],
    ];
    for (const [text, message] of cases) {
      const err = failure(() => engine.render(text, vars, { origin }));
      assert.equal(err.message, message, text);
      assert.deepEqual(err.location, origin);
    }
  });

  it('drops omitted values from dicts and lists in renderDeep', () => {
    const args = ['a', '{{ omit }}', dictOf({ k: '{{ omit }}', j: 1 })];
    assert.deepEqual(engine.renderDeep(args, source({})), ['a', dictOf({ j: 1 })]);
    assert.equal(engine.render('{{ omit }}', source({})), OMIT_PLACEHOLDER);
  });

  it('keeps a tagged container tagged through renderDeep, and makes plain ones from expressions', () => {
    const yamlDict = dictOf({ k: '{{ v }}' });
    markTaggedContainer(yamlDict);
    const [copied, made] = engine.renderDeep([yamlDict, "{{ {'k': 1} }}"], source({ v: 1 })) as Data[];
    assert.deepEqual(copied, dictOf({ k: 1 }));
    assert.equal(isTaggedContainer(copied as Data), true);
    assert.equal(isTaggedContainer(made as Data), false);
    const plainValues = dictOf({ k: 1 });
    markTaggedContainer(plainValues);
    assert.equal(isTaggedContainer(engine.render('{{ d }}', source({ d: plainValues }))), true);
  });

  it('evaluates conditionals as bare expressions that must be boolean', () => {
    const vars = source({ i: 7, l: [1, 2], d: dictOf({ x: 1 }) });
    assert.equal(engine.evaluateConditional('i > 5', vars), true);
    assert.equal(engine.evaluateConditional('l | length > 2', vars), false);
    assert.equal(engine.evaluateConditional(true, vars), true);
    assert.equal(engine.evaluateConditional(false, vars), false);
    assert.equal(engine.evaluateConditional(null, vars), true);
    assert.equal(engine.evaluateConditional('{{ l | length > 1 }}', vars), true);
    const cases: [Data, string][] = [
      ["'abc'", "Conditional result (True) was derived from value of type 'str' at '/p/play.yml:26:13'. Conditionals must have a boolean result."],
      ['[1]', "Conditional result (True) was derived from value of type 'list' at '/p/play.yml:26:13'. Conditionals must have a boolean result."],
      ['none', "Conditional result (False) was derived from value of type 'NoneType' at '<unknown>'. Conditionals must have a boolean result."],
      [5, 'Conditional expressions must be strings.'],
      ['undefvar', "Error while evaluating conditional: 'undefvar' is undefined"],
      ['l[9]', "Error while evaluating conditional: object of type 'list' has no attribute 9"],
      ['1/0', 'Error rendering expression: division by zero'],
      ['1 +', "Syntax error in expression: unexpected 'end of template'"],
      ['1 is nosuchtest', "Syntax error in expression: No test named 'nosuchtest'."],
    ];
    for (const [cond, message] of cases) {
      const err = failure(() => engine.evaluateConditional(cond, vars, { origin }));
      assert.equal(err.message, message, String(cond));
    }
  });

  it("applies lookup()'s result rules and errors (observed with the items and file lookups)", () => {
    // A stand-in with the items lookup's behaviour: terms flattened one level.
    lookups.set('volant_test_items', (_ctx, terms) => terms.flatMap((t) => (Array.isArray(t) ? t : [t])));
    lookups.set('volant_test_fail', () => {
      throw new TemplateError('filter-error', "Unable to access the file '/nonexist': File not found. Use -vvvvv to see paths searched.");
    });
    lookups.set('volant_test_undefined', () => {
      throw new UndefinedError(new Undefined("No variable named 'nope'"));
    });
    const text =
      "{{ lookup('volant_test_items', [1, 2]) }}|{{ lookup('volant_test_items', ['a','b']) }}|{{ lookup('volant_test_items', 'a') }}|" +
      "{{ lookup('volant_test_items', []) }}|{{ query('volant_test_items', 'a') }}|{{ lookup('volant_test_items', ['a'], wantlist=True) }}";
    assert.equal(engine.render(text, source({})), "[1, 2]|a,b|a|[]|['a']|['a']");
    assert.equal(engine.render("{{ lookup('volant_test_fail', 'x', errors='ignore') }}", source({})), null);
    assert.equal(
      failure(() => engine.render("{{ lookup('volant_test_fail', 'x') }}", source({}))).message,
      "The lookup plugin 'volant_test_fail' failed: Unable to access the file '/nonexist': File not found. Use -vvvvv to see paths searched.",
    );
    assert.equal(failure(() => engine.render("{{ lookup('nope_nope', 1) }}", source({}))).message, "The lookup plugin 'nope_nope' was not found.");
    assert.equal(engine.render("{{ lookup('volant_test_undefined', 'nope') | default('x') }}", source({})), 'x');
  });

  it('gives now() as a datetime with attributes and strftime', () => {
    const text = "{{ now().year > 2000 }} {{ now(fmt='%Y') | length }} {{ now().strftime('%Y') | length }} {{ (now() | string)[:2] }}";
    assert.equal(engine.render(text, source({})), 'True 4 4 20');
  });

  it('does not template dict keys in renderDeep', () => {
    const args = dictOf({ '{{ k }}': 1, plain: '{{ k }}' });
    assert.deepEqual(engine.renderDeep(args, source({ k: 'key1' })), dictOf({ '{{ k }}': 1, plain: 'key1' }));
  });

  it('applies a #jinja2 header line (golden case template-whitespace-control)', () => {
    const text = '#jinja2: lstrip_blocks: True, trim_blocks: True\n{% for i in items %}\n  {% if i %}\nitem {{ i }}\n  {% endif %}\n{% endfor %}\nend\n';
    assert.equal(engine.render(text, source({ items: ['a', 'b'] }), { native: false, templatePath: '/t/lstrip.j2' }), 'item a\nitem b\nend\n');
  });

  it('prints tuples as lists once finalized (golden case template-python-repr)', () => {
    assert.equal(engine.render("{{ {'b': 1, 'a': 2} | dictsort }} {{ (1, 2) }}", source({})), "[['a', 2], ['b', 1]] [1, 2]");
  });

  it('reports deprecations and warnings through RenderOptions.warn', () => {
    const seen: string[] = [];
    const warn = (w: { kind: string; message: string; version?: string }): void => {
      seen.push(`${w.kind}: ${w.message}${w.version ? ` (${w.version})` : ''}`);
    };
    engine.evaluateConditional('{{ flag }}', source({ flag: true }), { origin, warn });
    engine.render("{{ [{'g': 1}] | groupby('g') }}", source({}), { origin, warn });
    assert.deepEqual(seen, [
      'deprecation: Conditionals should not be surrounded by templating delimiters such as {{ }} or {% %}. (2.23)',
      "warning: Type 'GroupTuple' is unsupported in variable storage, converting to 'list'.",
    ]);
  });

  it("names a variable's origin when VarSource knows it", () => {
    const where = { file: '/p/play.yml', line: 4, column: 8 };
    const vars: VarSource = { ...source({ a: '{{ b }}', b: '{{ a }}', s: 'abc' }), origin: (name) => (name === 'a' || name === 's' ? where : undefined) };
    assert.deepEqual(failure(() => engine.render('{{ a }}', vars, { origin })).location, where);
    // An undefined inside a variable's template points at that variable (golden template-error-origins).
    const inner = { file: '/p/play.yml', line: 6, column: 12 };
    const chain: VarSource = {
      ...source({ outer: '{{ middle }}', middle: '{{ inner | upper }}', inner: '{{ undefined_leaf }}' }),
      origin: (name) => ({ outer: { ...inner, line: 4 }, middle: { ...inner, line: 5 }, inner })[name],
    };
    const err = failure(() => engine.render('{{ outer }}', chain, { origin }));
    assert.equal(err.message, "'undefined_leaf' is undefined");
    assert.deepEqual(err.location, inner);
    assert.equal(
      failure(() => engine.evaluateConditional('s', vars, { origin })).message,
      "Conditional result (True) was derived from value of type 'str' at '/p/play.yml:4:8'. Conditionals must have a boolean result.",
    );
  });

  it('reads lazy dict subclasses only through get/has/iteration', () => {
    let reads = 0;
    class LazyHostvars extends Map<string, Data> {
      override get(key: string): Data | undefined {
        reads++;
        return key === 'h1' ? dictOf({ ip: '10.0.0.1' }) : undefined;
      }
      override has(key: string): boolean {
        return key === 'h1';
      }
    }
    const vars = source({ hostvars: new LazyHostvars() as DataDict });
    assert.equal(engine.render("{{ hostvars['h1'].ip }}", vars), '10.0.0.1');
    assert.equal(engine.render("{{ hostvars.h2 is defined }}", vars), false);
    assert.ok(reads >= 1);
  });

  it('lets a dict subclass name its type and word its misses, as hostvars does (golden hostvars-* cases)', () => {
    class Hostvars extends Map<string, Data> {
      readonly pyTypeName = 'HostVars';
      missingKeyMessage(key: string | number): string {
        return `hostvars[${JSON.stringify(key).replace(/"/g, "'")}]`;
      }
    }
    class HostVarsVars extends Map<string, Data> {
      readonly pyTypeName = 'HostVarsVars';
    }
    const vars = source({ hostvars: new Hostvars() as DataDict, one: new HostVarsVars() as DataDict });
    assert.equal(failure(() => engine.render("{{ hostvars['nosuchhost'] }}", vars)).message, "hostvars['nosuchhost']");
    assert.equal(failure(() => engine.render('{{ one.nothing_here }}', vars)).message, "object of type 'HostVarsVars' has no attribute 'nothing_here'");
  });

  it('keeps the error chain to one link per template error', () => {
    const err = failure(() => engine.evaluateConditional('undefined_thing', source({})));
    assert.equal(err.message, "Error while evaluating conditional: 'undefined_thing' is undefined");
    assert.equal(err.cause, undefined);
  });
});
