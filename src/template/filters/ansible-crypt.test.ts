import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { md5Crypt, passlibHash, shaCrypt } from './ansible-crypt.js';
import { password_hash } from './ansible-hash.js';
import type { PluginContext } from '../plugin.js';

// Expected hashes were produced by the reference crypt(3) (glibc, through Python 3.11's crypt
// module): python3 -c 'import crypt; print(crypt.crypt("pässwörd with spaces", "$6$rounds=10000$saltsaltsaltsalt"))'
const PASSWORD = 'pässwörd with spaces';

const ctx: PluginContext = {
  vars: { get: () => undefined, has: () => false, keys: () => [] },
  renderString: (text) => text,
};

describe('template/filters/ansible-crypt', () => {
  it('computes sha512_crypt with explicit rounds', () => {
    assert.equal(
      shaCrypt(512, PASSWORD, 'saltsaltsaltsalt', 10000),
      '$6$rounds=10000$saltsaltsaltsalt$j/li3aoe9cXiZqbdAhy5fjuuucoV17H8ks86rbQ1n83XaZo80QA4gTNeqPGVC.u1mKdV8aK989F5rUDPzMIZY1',
    );
  });

  it('leaves the default 5000 rounds implicit', () => {
    assert.equal(shaCrypt(512, PASSWORD, 'x', 5000), '$6$x$9YZ4hYDqYwHzK08OsGwqMtTBxbIZjSYnl.X1KjibE3OArhh3GjKlShp/mY1XJzvf4eSDCaGpeYupnJ4ZRELhD1');
    assert.equal(shaCrypt(256, PASSWORD, 'short', 5000), '$5$short$gSC74Q8e76hWmt/ecUZ.phxzVdieOnE4hI2ahtcXSZ.');
  });

  it('computes sha256_crypt with rounds', () => {
    assert.equal(shaCrypt(256, PASSWORD, 'abc', 10000), '$5$rounds=10000$abc$usAqUUv7HZKyAK1Ck/6WRiLakrAIo/nJcnc9IF.iFtD');
  });

  it('handles empty and long passwords', () => {
    assert.equal(shaCrypt(512, '', 'emptypw', 5000), '$6$emptypw$TWmzQ8/uLn1BFSZ5Lkfum8lAba5vixF9Nl3Aiof.Praatq9nh0kkPuTdoVrIL6du0L6LAoadbPq.q.D7keveg/');
    assert.equal(
      shaCrypt(512, 'a'.repeat(100), 'longpw', 5000),
      '$6$longpw$BBqNtCUz..I.3nGiwIx777ynHeQVnuzgG5wYwl/7Jy2BI/5owlsOm9ZXEaAhnfcEwdfci.hwO60F0a.2eyy1o/',
    );
  });

  it('computes md5_crypt', () => {
    assert.equal(md5Crypt(PASSWORD, '12345678'), '$1$12345678$D.gUp6tPnYex7d.hFYggx/');
  });

  it('refuses salts passlib refuses, in passlib words', () => {
    assert.throws(() => passlibHash('sha512_crypt', 'x', { salt: 'bad salt!' }), /invalid characters in sha512_crypt salt/);
    assert.throws(() => passlibHash('md5_crypt', 'x', { salt: '123456789' }), /salt too large \(md5_crypt requires <= 8 chars\)/);
  });

  it('password_hash maps Ansible names to passlib schemes and generates a salt when none is given', () => {
    const kwargs = new Map([['rounds', 5000]]);
    const hashed = password_hash(ctx, 'secret', ['sha256'], kwargs);
    assert.match(String(hashed), /^\$5\$[./0-9A-Za-z]{16}\$[./0-9A-Za-z]{43}$/);
    assert.equal(password_hash(ctx, PASSWORD, ['md5', '12345678'], new Map()), '$1$12345678$D.gUp6tPnYex7d.hFYggx/');
    assert.throws(() => password_hash(ctx, 'x', ['whirlpool'], new Map()), /whirlpool is not in the list of supported passlib algorithms/);
  });
});
