import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { becomeCommand, promptSeen } from './become-command.js';

describe('transport/become-command', () => {
  it('never puts the password on the command line', () => {
    for (const method of ['sudo', 'su']) {
      const c = becomeCommand({ method, user: 'root', password: 'hunter2-secret' }, 'python3 -c x');
      assert.ok(!c.command.includes('hunter2-secret'));
      assert.ok(c.prompt !== undefined, `${method} waits for its prompt`);
    }
  });

  it('drops sudo -n and asks with a prompt of its own when there is a password', () => {
    const c = becomeCommand({ method: 'sudo', user: 'app', password: 'p' }, 'id');
    assert.match(c.command, /^sudo -H -S -p "\[sudo via volant, key=[0-9a-f]{32}\] password:" -u app \/bin\/sh -c /);
    assert.ok(promptSeen(c.prompt, `noise\n${String(c.prompt)}`));
    assert.equal(becomeCommand({ method: 'sudo', user: 'app' }, 'id -un').command, "sudo -H -S -n -u app /bin/sh -c 'id -un'");
  });

  it("recognises su's prompt, translated or with the user's name", () => {
    const { prompt } = becomeCommand({ method: 'su', user: 'root', password: 'p' }, 'id');
    for (const text of ['Password: ', "root's Password:", 'Passwort: ', 'Mot de passe : ', 'Пароль: ']) assert.ok(promptSeen(prompt, text), text);
    assert.ok(!promptSeen(prompt, 'su: Authentication failure\n'));
    assert.ok(!promptSeen(undefined, 'Password: '));
  });
});
