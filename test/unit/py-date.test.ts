import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pyEquals, pyRepr, pyStr, pyTypeName, truthy } from '../../src/core/data.js';
import { dumpJson } from '../../src/core/json.js';
import { order } from '../../src/template/runtime/py-values.js';
import { resolvePlainScalar } from '../../src/yaml/pyyaml-scalar.js';

const date = (text: string) => resolvePlainScalar(text).value;

describe('core/data: dates from YAML timestamps', () => {
  it('prints, names and encodes them as Python and Ansible do', () => {
    const d = date('2024-01-02');
    const t = date('2024-01-02 10:30:00');
    assert.equal(pyTypeName(d), 'date');
    assert.equal(pyTypeName(t), 'datetime');
    assert.equal(pyStr(t), '2024-01-02 10:30:00');
    assert.equal(pyRepr(d), 'datetime.date(2024, 1, 2)');
    assert.equal(pyRepr(t), 'datetime.datetime(2024, 1, 2, 10, 30)');
    assert.equal(pyRepr(date('2001-12-14t21:59:43.10-05:00')), 'datetime.datetime(2001, 12, 14, 21, 59, 43, 100000, tzinfo=datetime.timezone(datetime.timedelta(days=-1, seconds=68400)))');
    assert.equal(pyRepr(date('2001-12-14 21:59:43.10 Z')), 'datetime.datetime(2001, 12, 14, 21, 59, 43, 100000, tzinfo=datetime.timezone.utc)');
    assert.equal(dumpJson([d, t]), '["2024-01-02", "2024-01-02T10:30:00"]');
    assert.ok(truthy(d));
  });

  it('compares dates with dates only', () => {
    assert.ok(pyEquals(date('2024-01-02'), date('2024-01-02')));
    assert.ok(!pyEquals(date('2024-01-02'), '2024-01-02'));
    assert.equal(order(date('2023-05-06'), date('2024-01-02')), -1);
    assert.throws(() => order(date('2024-01-02'), date('2024-01-02 10:30:00')), /not supported between instances of 'date' and 'datetime'/);
  });
});
