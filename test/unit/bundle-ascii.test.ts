// The build writes the bundle as ASCII so bin/run-bundle.cjs reads it as latin1: what esbuild keeps
// as written (comments, regular expression literals) gets \u escapes that mean the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isAscii } from 'node:buffer';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { asciiOnly } from '../../scripts/bundle-options.mjs';

test('escaped code is ASCII and means the same', () => {
  const source = "/* passe … */ (/(Contraseña|Пароль) ?(:|：) ?$/.test('Пароль：') && 'ñ' + `ü`)";
  const escaped = asciiOnly(source);
  assert.ok(isAscii(Buffer.from(escaped)));
  assert.equal(new Function(`return ${escaped}`)(), 'ñü');
});

test('the built bundle is ASCII', { skip: existsSync(fileURLToPath(new URL('../../dist/volant.cjs', import.meta.url))) ? false : 'not built' }, () => {
  assert.ok(isAscii(readFileSync(new URL('../../dist/volant.cjs', import.meta.url))));
});
