// Whether a tools/test-hosts host can be used: listed in the inventory test-hosts writes, and its
// sshd answers (a listed host may be down).
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';

export const TEST_HOSTS_INVENTORY = '/opt/test-hosts/inventory.ini';

/** The host's address when it is up, else undefined. */
export async function testHostAddress(host: string): Promise<string | undefined> {
  if (!existsSync(TEST_HOSTS_INVENTORY)) return undefined;
  const line = readFileSync(TEST_HOSTS_INVENTORY, 'utf8').split('\n').find((l) => l.startsWith(`${host} `));
  const address = line ? /ansible_host=(\S+)/.exec(line)?.[1] : undefined;
  if (!address) return undefined;
  const answers = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: address, port: 22, timeout: 1000 });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
  return answers ? address : undefined;
}
