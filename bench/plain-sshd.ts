/**
 * `--plain-shell`: a second loopback sshd, the oracle's configuration on another port, whose
 * sessions' bash skips root's ~/.bashrc (`SetEnv SHLVL=1`: bash reads it for an ssh session only
 * at shell level 1). Here that file runs `pyenv init`, whose `pyenv rehash` takes a lock that every
 * session of every engine waits for in turn; this shows what the workloads cost on a host whose
 * login shell does nothing, which is most hosts. The oracle's own sshd stays as it is.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ORACLE_SSHD_CONFIG = '/opt/oracle-keys/sshd_config';
export const PLAIN_SSH_PORT = 2223;

export interface PlainSshd {
  readonly pid: number;
  stop(): void;
}

export function startPlainSshd(scratch: string): PlainSshd {
  if (!existsSync(ORACLE_SSHD_CONFIG)) throw new Error(`--plain-shell needs the oracle's sshd configuration (${ORACLE_SSHD_CONFIG}): run its setup.sh`);
  const pidFile = join(scratch, 'plain-sshd.pid');
  const config = readFileSync(ORACLE_SSHD_CONFIG, 'utf8')
    .replace(/^Port .*$/m, `Port ${PLAIN_SSH_PORT}`)
    .replace(/^PidFile .*$/m, `PidFile ${pidFile}`);
  const configFile = join(scratch, 'plain-sshd_config');
  writeFileSync(configFile, `${config}SetEnv SHLVL=1\n`);
  const r = spawnSync('/usr/sbin/sshd', ['-f', configFile, '-E', join(scratch, 'plain-sshd.log')], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`--plain-shell: sshd did not start: ${r.stderr.trim()}`);
  for (let i = 0; i < 50 && !existsSync(pidFile); i++) spawnSync('sleep', ['0.1']);
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  const stop = (): void => {
    try {
      process.kill(pid);
    } catch {
      // already gone
    }
  };
  // NOTE: also when the benchmark stops on an error: no sshd outlives it.
  process.on('exit', stop);
  return { pid, stop };
}
