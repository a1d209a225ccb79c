/**
 * `int.to_bytes(length=1, byteorder='big', *, signed=False)`.
 */
import { PyException, typeError, valueError } from './py-exception.js';
import type { Kwargs, Value } from './py-object.js';
import { isInt, truthy, typeName } from './py-values.js';
import { PyBytes } from './py-bytes.js';

export function intToBytes(self: number | bigint | boolean, args: Value[], kwargs: Kwargs): PyBytes {
  if (args.length > 2) throw typeError(`to_bytes() takes at most 2 positional arguments (${args.length} given)`);
  for (const key of kwargs.keys()) {
    if (!['length', 'byteorder', 'signed'].includes(key)) throw typeError(`to_bytes() got an unexpected keyword argument '${key}'`);
  }
  const length = args[0] ?? kwargs.get('length') ?? 1;
  const byteorder = args[1] ?? kwargs.get('byteorder') ?? 'big';
  const signed = truthy(kwargs.get('signed') ?? false);
  if (!isInt(length)) throw typeError(`'${typeName(length)}' object cannot be interpreted as an integer`);
  if (typeof byteorder !== 'string') throw typeError(`to_bytes() argument 'byteorder' must be str, not ${typeName(byteorder)}`);
  const size = BigInt(length as number | bigint | boolean);
  if (size < 0n) throw valueError('length argument must be non-negative');
  if (byteorder !== 'big' && byteorder !== 'little') throw valueError("byteorder must be either 'little' or 'big'");
  let n = BigInt(self);
  if (n < 0n && !signed) throw new PyException('OverflowError', "can't convert negative int to unsigned");
  const bits = 8n * size;
  const fits = signed ? n >= -(1n << (bits - 1n)) && n < 1n << (bits - 1n) : n < 1n << bits;
  if (size === 0n ? n !== 0n : !fits) throw new PyException('OverflowError', 'int too big to convert');
  if (n < 0n) n += 1n << bits;
  const bytes: number[] = [];
  for (let i = 0n; i < size; i++) {
    bytes.push(Number(n & 0xffn));
    n >>= 8n;
  }
  if (byteorder === 'big') bytes.reverse();
  return new PyBytes(Uint8Array.from(bytes));
}
