import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkCall, parseSignature } from './py-call-signature.js';
import { closestName } from './py-suggestion.js';

/** The TypeError message of a call, or undefined when it binds (messages as CPython 3.13 gives them). */
function refusal(signature: string, args: number, kwargs: string[] = []): string | undefined {
  try {
    checkCall(parseSignature(signature), args, kwargs);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('template/py-call-signature', () => {
  it('counts the arguments Jinja passes itself, as Python does', () => {
    assert.equal(refusal('sync_do_join(@eval_ctx, value, d=, attribute=)', 3), 'sync_do_join() takes from 2 to 4 positional arguments but 5 were given');
    assert.equal(refusal('sync_do_first(@environment, seq)', 1), 'sync_do_first() takes 2 positional arguments but 3 were given');
    assert.equal(refusal('do_upper(s)', 0), undefined);
  });

  it('names missing arguments, unknown and repeated keywords', () => {
    assert.equal(refusal('do_replace(@eval_ctx, s, old, new, count=)', 0), "do_replace() missing 2 required positional arguments: 'old' and 'new'");
    assert.equal(refusal('f(a, b, c, d)', 0), "f() missing 3 required positional arguments: 'b', 'c', and 'd'");
    assert.equal(refusal('do_sort(@environment, value, reverse=)', 0, ['revers']), "do_sort() got an unexpected keyword argument 'revers'. Did you mean 'reverse'?");
    assert.equal(refusal('do_sort(@environment, value, reverse=)', 0, ['zzz']), "do_sort() got an unexpected keyword argument 'zzz'");
    assert.equal(refusal('do_sort(@environment, value, reverse=)', 1, ['reverse']), "do_sort() got multiple values for argument 'reverse'");
    assert.equal(refusal('combine(*terms, **kwargs)', 5, ['x']), undefined);
  });

  it('says how many keyword-only arguments came with too many positional ones', () => {
    assert.equal(refusal('realpath(filename, *, strict=)', 1, ['strict']), 'realpath() takes 1 positional argument but 2 positional arguments (and 1 keyword-only argument) were given');
    assert.equal(refusal('f(a, *, k)', 0), "f() missing 1 required keyword-only argument: 'k'");
  });

  it("uses C functions' own words", () => {
    assert.equal(refusal('len(obj, /)', 1), 'len() takes exactly one argument (2 given)');
    assert.equal(refusal('markupsafe._speedups.soft_str(object, /)', 0, ['x']), 'markupsafe._speedups.soft_str() takes no keyword arguments');
    assert.equal(refusal('_operator.eq(a, b, /)', 0), 'eq expected 2 arguments, got 1');
    assert.equal(refusal('$split(@self, sep=, maxsplit=)', 3), 'split() takes at most 2 arguments (3 given)');
    assert.equal(refusal('$combinations(iterable, r)', 0), "combinations() missing required argument 'r' (pos 2)");
    assert.equal(refusal('$permutations(iterable, r=)', 0, ['foo']), "permutations() got an unexpected keyword argument 'foo'");
  });
});

describe('template/py-suggestion', () => {
  it('suggests the nearest name within a third of its characters', () => {
    assert.equal(closestName('attrbute', ['value', 'attribute']), 'attribute');
    assert.equal(closestName('Reverse', ['reverse', 'attribute']), 'reverse');
    assert.equal(closestName('xyz', ['reverse', 'attribute']), undefined);
  });
});
