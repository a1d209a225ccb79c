// The public roles the real-world check applies, pinned to the commits it was run with. Their
// code is never committed here: `check.ts` copies them from a folder given on its command line.

export interface RealWorldRole {
  /** The Galaxy name the playbook uses (`roles: [geerlingguy.nginx]`); also the folder name. */
  readonly name: string;
  readonly repo: string;
  readonly commit: string;
  /** Paths on the host the role manages; a folder is compared with everything under it. */
  readonly managed: readonly string[];
  /** Extra vars for a last run in `--check --diff` mode: a change the role would make, previewed. */
  readonly previewVars: Readonly<Record<string, unknown>>;
}

// NOTE: /etc/rc2.d shows whether a service was enabled (sysv-rc links), as `service enabled=yes` does it there.
export const ROLES: readonly RealWorldRole[] = [
  {
    name: 'geerlingguy.nginx',
    repo: 'https://github.com/geerlingguy/ansible-role-nginx',
    commit: '9616ea992897b3ed864d7b44ffbf69b160f9eb5d',
    managed: ['/etc/nginx/nginx.conf', '/etc/nginx/sites-enabled', '/etc/rc2.d', '/usr/sbin/nginx'],
    previewVars: { nginx_worker_connections: '4096', nginx_server_tokens: 'off' },
  },
  {
    name: 'geerlingguy.memcached',
    repo: 'https://github.com/geerlingguy/ansible-role-memcached',
    commit: 'd3d388752767f37bc2c0f70b6e41f7b728cee471',
    managed: ['/etc/memcached.conf', '/etc/rc2.d', '/usr/bin/memcached'],
    previewVars: { memcached_memory_limit: 256, memcached_listen_ip: '0.0.0.0' },
  },
  {
    name: 'geerlingguy.apache',
    repo: 'https://github.com/geerlingguy/ansible-role-apache',
    commit: 'd28c26b4c466c5eabd0f043c3598cb60fe347cfa',
    managed: [
      '/etc/apache2/ports.conf',
      '/etc/apache2/mods-enabled',
      '/etc/apache2/conf-enabled',
      '/etc/apache2/sites-available/vhosts.conf',
      '/etc/apache2/sites-enabled',
      '/etc/rc2.d',
    ],
    previewVars: { apache_listen_port: 8080, apache_mods_disabled: ['status', 'headers'] },
  },
  {
    name: 'nickhammond.logrotate',
    repo: 'https://github.com/nickhammond/ansible-logrotate',
    commit: '91d570f68c44261d2051a99a2b3c7d736306bf0d',
    managed: ['/etc/logrotate.d', '/usr/sbin/logrotate'],
    previewVars: {
      logrotate_scripts: [
        { name: 'myapp', path: '/var/log/myapp/*.log', options: ['daily', 'rotate 14', 'compress', 'missingok'] },
        { name: 'audit', path: '/var/log/audit.log', options: ['monthly'] },
      ],
    },
  },
];
