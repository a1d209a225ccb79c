// The projects projects.ts applies: each a folder test/realworld/projects/<name>/ with `site.yml`
// (and whatever else a project has: roles/, group_vars/, host_vars/, templates/…) and `hosts.ini`,
// an INI inventory whose `@N` stands for the connection variables of the engine's N-th test host.

export interface ProjectStep {
  readonly label: string;
  /** Extra ansible-playbook arguments. */
  readonly args: readonly string[];
  /** Another playbook of the project than site.yml. */
  readonly playbook?: string;
  readonly env?: Readonly<Record<string, string>>;
  /** A run whose every task should report ok (noted when ansible-core's does not; compared anyway). */
  readonly mustBeIdempotent?: boolean;
}

export interface Project {
  readonly name: string;
  /** How many test hosts each engine gets (`@1`…). */
  readonly hosts: number;
  /** Paths compared on every host (a folder with everything under it). */
  readonly managed: readonly string[];
  /** Shell commands run inside every host after the runs, their output compared. */
  readonly probes?: readonly string[];
  readonly steps: readonly ProjectStep[];
}

/** What every project's hosts are compared by, besides its paths: users, groups, packages, services, processes. */
export const STATE_PROBES: readonly string[] = [
  'cat /etc/passwd /etc/group',
  "dpkg-query -W -f='${db:Status-Abbrev} ${Package}\\n' | sort",
  'ls /etc/rc2.d',
  // ssh sessions (ansible-core's ControlPersist ones linger) and the probe itself are no state
  // the pipeline's own sort is listed when it starts before ps reads the table: left out too
  "ps -eo user,args --no-headers | grep -v -E -e 'sshd|ps -eo|sh -c|^[^ ]+ +sort$' | sort",
];

const apply = (label = 'first run'): ProjectStep => ({ label, args: ['--diff'] });
const again: ProjectStep = { label: 'second run (-v)', args: ['-v'], mustBeIdempotent: true };
const dryRun: ProjectStep = { label: 'dry run on fresh hosts', args: ['--check', '--diff'] };
const preview = (vars: Readonly<Record<string, unknown>>): ProjectStep => ({
  label: 'check --diff of a change',
  args: ['--check', '--diff', '-e', JSON.stringify(vars)],
});

export const PROJECTS: readonly Project[] = [
  {
    name: 'app-deploy',
    hosts: 2,
    managed: ['/opt/shop', '/etc/shop', '/etc/init.d/shop', '/var/log/shop', '/srv'],
    probes: ['/etc/init.d/shop status'],
    steps: [apply(), again, preview({ shop_port: 8181, shop_release: '1.4.1' })],
  },
  {
    name: 'hardening',
    hosts: 2,
    managed: ['/etc/sysctl.d', '/etc/security/limits.conf', '/etc/ssh/sshd_config', '/etc/issue.net', '/var/spool/cron/crontabs', '/etc/cron.d', '/etc/crontab', '/var/tmp'],
    probes: ['sysctl net.ipv4.tcp_syncookies net.ipv4.conf.all.accept_redirects'],
    steps: [
      apply(),
      again,
      preview({ harden_sshd: { MaxAuthTries: 3 }, harden_banner: 'Go away.' }),
      { label: 'one host, one job removed', args: ['--diff', '--limit', 'srv1', '-e', '{"harden_cron_jobs": []}'] },
    ],
  },
  {
    name: 'users',
    hosts: 2,
    managed: ['/home', '/etc/sudoers.d', '/etc/shadow', '/etc/gshadow'],
    steps: [dryRun, apply(), again],
  },
  {
    name: 'logrotate',
    hosts: 2,
    managed: ['/etc/logrotate.d', '/var/log/shop', '/var/log/nginx-extra'],
    steps: [
      apply(),
      { ...again, env: { NO_RETIRED: '1' } },
    ],
  },
  {
    name: 'role-deps',
    hosts: 1,
    managed: ['/etc/company', '/srv/www'],
    steps: [apply(), again],
  },
  {
    name: 'rolling',
    hosts: 3,
    managed: ['/etc/lb', '/opt/app', '/var/log/deployments.log'],
    steps: [apply(), { label: 'next release', args: ['--diff', '-e', 'release=r43'] }],
  },
  {
    name: 'rollback',
    hosts: 2,
    managed: ['/etc/db.conf', '/etc/db.conf.previous', '/var/tmp/deploy.status'],
    steps: [apply(), again],
  },
  {
    name: 'async-jobs',
    hosts: 2,
    managed: ['/var/lib/jobs'],
    steps: [apply()],
  },
  {
    name: 'webstack',
    hosts: 2,
    managed: ['/etc/nginx/sites-enabled', '/etc/nginx/sites-available', '/var/www'],
    probes: ['/etc/init.d/nginx status'],
    steps: [apply(), again],
  },
  {
    name: 'facts',
    hosts: 2,
    managed: ['/etc/ansible/facts.d'],
    steps: [apply(), again],
  },
];
