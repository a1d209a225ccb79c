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
  {
    name: 'geerlingguy.ssh_chroot_jail',
    repo: 'https://github.com/geerlingguy/ansible-role-ssh-chroot-jail',
    commit: 'ed5b52050b8991f0a080f6fa45a45031aa3e0f5f',
    // NOT /var/jail/etc/hosts (the host's own address) nor /home (each engine's files in the users' ~/.ansible)
    managed: [
      '/var/jail/bin',
      '/var/jail/dev',
      '/var/jail/home',
      '/var/jail/lib',
      '/var/jail/lib64',
      '/var/jail/usr',
      '/var/jail/etc/passwd',
      '/var/jail/etc/group',
      '/var/jail/etc/nsswitch.conf',
      '/etc/ssh/sshd_config',
      '/usr/local/bin/l2chroot',
      '/etc/passwd',
      '/etc/group',
    ],
    previewVars: {
      ssh_chroot_jail_group_name: 'jailed',
      ssh_chroot_jail_users: [{ name: 'carol', home: '/home/carol', groups: 'jailed' }],
    },
  },
  {
    name: 'geerlingguy.backup',
    repo: 'https://github.com/geerlingguy/ansible-role-backup',
    commit: 'e5a212a35fa935a3989566613ed1155bfb6dd3ab',
    managed: ['/home/deploy', '/var/spool/cron/crontabs', '/etc/ssh/ssh_known_hosts'],
    previewVars: { backup_hour: '5', backup_exclude_items: ['tmp'], backup_cron_job_state: 'absent' },
  },
  {
    name: 'robertdebock.cron',
    repo: 'https://github.com/robertdebock/ansible-role-cron',
    commit: '833c55319b659889515a4a1a9e68952e7310bf2e',
    managed: ['/etc/crontab', '/var/spool/cron/crontabs', '/etc/rc2.d'],
    previewVars: { cron_mailto: 'root', cron_path: '/usr/local/bin:/usr/bin:/bin' },
  },
  {
    name: 'geerlingguy.git',
    repo: 'https://github.com/geerlingguy/ansible-role-git',
    commit: 'ec2d4e07ff41afe94d07853c7338c35c12e55a67',
    managed: ['/usr/bin/git'],
    previewVars: { git_packages: ['git', 'tree'] },
  },
  {
    name: 'weareinteractive.sudo',
    repo: 'https://github.com/weareinteractive/ansible-sudo',
    commit: 'ea2fa2a4f8c9dc5f37ec26c5eeaeb1d9f52c22b9',
    managed: ['/etc/sudoers.d', '/etc/sudoers'],
    previewVars: { sudo_users: [{ name: 'deploy', nopasswd: true }], purge_other_sudoers_files: false },
  },
  {
    name: 'willshersystems.sshd',
    repo: 'https://github.com/willshersystems/ansible-sshd',
    commit: 'c4f2dd2f2d085999249ced3621c20c7bac6d1a94',
    managed: ['/etc/ssh/sshd_config', '/etc/ssh/sshd_config.d', '/etc/rc2.d'],
    previewVars: { sshd_config: { PermitRootLogin: 'prohibit-password', PasswordAuthentication: false, MaxAuthTries: 6, Banner: '/etc/issue.net' } },
  },
  {
    name: 'geerlingguy.firewall',
    repo: 'https://github.com/geerlingguy/ansible-role-firewall',
    commit: '00cae1460faba30acdd482a3736c4c668c6bb260',
    managed: ['/etc/firewall.bash', '/etc/init.d/firewall', '/etc/rc2.d', '/usr/sbin/iptables'],
    previewVars: { firewall_allowed_tcp_ports: ['22', '443'], firewall_log_dropped_packets: true },
  },
  {
    name: 'weareinteractive.environment',
    repo: 'https://github.com/weareinteractive/ansible-environment',
    commit: '663bcf5cc7786c5aae4088c252f0bab4c4c78c7c',
    managed: ['/etc/environment'],
    previewVars: { environment_config: { LC_ALL: 'en_US.UTF-8', TZ: 'UTC' } },
  },
  {
    name: 'weareinteractive.hosts',
    repo: 'https://github.com/weareinteractive/ansible-hosts',
    commit: '05325ac7ce5cab6046bfeb9ecfb01f6df204251c',
    managed: ['/etc/hosts'],
    previewVars: { hosts_entries: [{ ip: '10.213.0.52', domain: 'queue.example.test' }] },
  },
  {
    name: 'oefenweb.htop',
    repo: 'https://github.com/Oefenweb/ansible-htop',
    commit: '57a0e9b1af28be7b7bfd2758d855c1c52fdb33a3',
    managed: ['/etc/skel/.config', '/root/.config', '/usr/bin/htop'],
    previewVars: { htop_replace_htoprc: false, htop_htoprc_destinations: { extra: { dest: '/opt/htop', mode: '0640' } } },
  },
  {
    name: 'robertdebock.hostname',
    repo: 'https://github.com/robertdebock/ansible-role-hostname',
    commit: '8205bbf73145f0e194024e457dd9c0ff996c97a2',
    managed: ['/etc/hostname'],
    previewVars: { hostname: 'web-2' },
  },
  {
    name: 'weareinteractive.ssh',
    repo: 'https://github.com/weareinteractive/ansible-ssh',
    commit: 'd864ac83726533fa39bf5991a9ce2f38bed83c26',
    // NOT /etc/ssh as a whole: `backup: true` leaves sshd_config.<pid>.<time>~ beside it
    managed: ['/etc/ssh/sshd_config', '/etc/rc2.d'],
    previewVars: { ssh_config: { Port: 22, PermitRootLogin: 'yes', MaxAuthTries: 4 } },
  },
  {
    name: 'weareinteractive.apt',
    repo: 'https://github.com/weareinteractive/ansible-apt',
    commit: 'dc45f75895188d0b66c198690e30d07164af2977',
    managed: ['/etc/apt/apt.conf.d', '/etc/apt/preferences.d', '/usr/sbin/policy-rc.d', '/usr/bin/jq', '/usr/bin/tree', '/usr/bin/rsync'],
    previewVars: { apt_packages: [{ name: 'cron', hold: false }, { name: 'tree', state: 'absent' }], apt_install_recommends: true },
  },
  {
    name: 'geerlingguy.security',
    repo: 'https://github.com/geerlingguy/ansible-role-security',
    commit: '36640d3af0e91b84c530b65563218b125af9e208',
    managed: ['/etc/ssh/sshd_config', '/etc/sudoers'],
    previewVars: { security_ssh_x11_forwarding: 'yes', security_ssh_allowed_users: ['root', 'deploy'], security_sudoers_passworded: ['ops'] },
  },
  {
    name: 'dudecalledbro.sudo',
    repo: 'https://github.com/DudeCalledBro/ansible-role-sudo',
    commit: 'f0e3f08f482fde04e119781ae2033055c4633096',
    managed: ['/etc/sudoers', '/etc/sudoers.d'],
    previewVars: { sudo_files: [{ name: '10-deploy', content: 'deploy ALL=(ALL) ALL\n' }, { name: '30-backup', content: 'backup ALL=(root) NOPASSWD: /usr/bin/rsync\n' }] },
  },
  {
    name: 'dudecalledbro.hostname',
    repo: 'https://github.com/DudeCalledBro/ansible-role-hostname',
    commit: '1ee33b10e4b7532bd2bfc1208b22fc36c92acea1',
    managed: ['/etc/hostname'],
    previewVars: { hostname: 'app-02' },
  },
  {
    name: 'xenion1987.sudoers',
    repo: 'https://github.com/Xenion1987/ansible-role-sudoers',
    commit: 'b0756ee40a41da1079ae07dafeba38a89bf872c8',
    managed: ['/etc/sudoers.d'],
    previewVars: { sudoers_manage_user_files: false, sudoers_install_sudo: 'yes' },
  },
  {
    name: 'geerlingguy.mysql',
    repo: 'https://github.com/geerlingguy/ansible-role-mysql',
    commit: '8a84b1dd1502eb3645f90d17a8b6037c241e182c',
    managed: ['/etc/mysql'],
    previewVars: { mysql_port: '3307', mysql_bind_address: '127.0.0.1' },
  },
  {
    name: 'jdauphant.nginx',
    repo: 'https://github.com/jdauphant/ansible-role-nginx',
    commit: 'da5913d151ed81ec276263fa5c293b0fe9df0fd6',
    managed: ['/etc/nginx', '/etc/rc2.d', '/usr/sbin/nginx'],
    previewVars: { nginx_worker_rlimit_nofile: 4096, nginx_disabled_sites: ['app'], nginx_configs: { gzip: ['gzip on'] } },
  },
  {
    name: 'linux-system-roles.ssh',
    repo: 'https://github.com/linux-system-roles/ssh',
    commit: '954ccff06b43917fbcd9a284536a6783893534ec',
    managed: ['/etc/ssh/ssh_config', '/root/.ssh/config'],
    previewVars: { ssh: { Compression: false, ForwardAgent: true } },
  },
  {
    name: 'linux-system-roles.sudo',
    repo: 'https://github.com/linux-system-roles/sudo',
    commit: 'bdd8ba97ca925cd53675a27fa51e716c35eefc1c',
    managed: ['/etc/sudoers', '/etc/sudoers.d'],
    // a drop-in for deploy instead of ops': a template diff, and ops' file found and removed
    previewVars: {
      sudo_check_if_configured: false,
      sudo_sudoers_files: [
        { path: '/etc/sudoers', user_specifications: [{ users: ['root'], hosts: ['ALL'], operators: ['ALL'], commands: ['ALL'] }], include_directories: ['/etc/sudoers.d'] },
        { path: '/etc/sudoers.d/deploy', user_specifications: [{ users: ['deploy'], hosts: ['ALL'], operators: ['ALL'], commands: ['ALL'] }] },
      ],
    },
  },
  {
    name: 'robertdebock.bootstrap',
    repo: 'https://github.com/robertdebock/ansible-role-bootstrap',
    commit: 'ddebc12320db3a7b46dc437d85e70cb82bb414c6',
    managed: ['/usr/bin/sudo', '/usr/bin/gpg'],
    previewVars: { bootstrap_become: true, bootstrap_wait_for_host: false },
  },
  {
    name: 'robertdebock.facts',
    repo: 'https://github.com/robertdebock/ansible-role-facts',
    commit: 'a41d77e4afedbe6c65bfaeb7c11907cbb6a5a6ac',
    managed: ['/etc/ansible/facts.d'],
    previewVars: { facts: [{ key: 'datacenter', value: 'Rotterdam' }, { key: 'rack', value: 'r12' }] },
  },
  {
    name: 'geerlingguy.dotfiles',
    repo: 'https://github.com/geerlingguy/ansible-role-dotfiles',
    commit: 'c5174f466f834b22569a47bc5e387d17c1f2b56d',
    // NOT the clone's .git as a whole: its index holds the files' times
    managed: ['/root/dotfiles/.vimrc', '/root/dotfiles/.inputrc', '/root/dotfiles/.config', '/root/dotfiles/.git/HEAD', '/root/.vimrc', '/root/.inputrc', '/root/.config', '/srv/dotfiles.git/HEAD', '/srv/dotfiles.git/refs'],
    previewVars: { dotfiles_files: ['.vimrc', '.inputrc', '.config/git/ignore', '.bashrc'] },
  },
  {
    name: 'oefenweb.ssh_server',
    repo: 'https://github.com/Oefenweb/ansible-ssh-server',
    commit: 'b8ff24d2216a7cd5eb4b3fe0f6415f5bb2f00ff1',
    managed: ['/etc/ssh/sshd_config', '/etc/rc2.d'],
    previewVars: { ssh_server_permit_root_login: 'prohibit-password', ssh_server_x11_forwarding: true, ssh_server_allow_users: ['root'] },
  },
  {
    name: 'oefenweb.rc_local',
    repo: 'https://github.com/Oefenweb/ansible-rc-local',
    commit: '56b01d896101dca69c4070ec36a2a907ab61fac8',
    managed: ['/etc/rc.local', '/var/tmp/rc-local-ran'],
    previewVars: { rc_local_commands: ['echo previewed > /var/tmp/rc-local-ran'] },
  },
  {
    name: 'oefenweb.sudoers',
    repo: 'https://github.com/Oefenweb/ansible-sudoers',
    commit: '0d3ca5f660ba9bfb832f3c7649f8a6eab3c34760',
    managed: ['/etc/sudoers', '/etc/sudoers.d'],
    previewVars: {
      sudoers_sudoers_d_files: { ops: { defaults: ['timestamp_timeout=5'], privileges: [{ name: '%ops', entry: 'ALL=(ALL) ALL' }] } },
      sudoers_sudoers: { defaults: ['env_reset', ''], privileges: [{ name: 'root', entry: 'ALL=(ALL:ALL) ALL' }] },
    },
  },
  {
    name: 'oefenweb.ssh_client',
    repo: 'https://github.com/Oefenweb/ansible-ssh-client',
    commit: '7122f97df51c6157277b7e78de559ed72b147679',
    managed: ['/etc/ssh/ssh_config', '/home/deploy/.ssh'],
    previewVars: { ssh_hosts_common: { pattern: ['*'], send_env: 'LANG', connect_timeout: 5, check_host_ip: false } },
  },
  {
    name: 'oefenweb.apt',
    repo: 'https://github.com/Oefenweb/ansible-apt',
    commit: '2cd47e7878446cf8749424aca3c32fe1155ca3a2',
    managed: ['/etc/apt/apt.conf', '/etc/apt/apt.conf.d', '/usr/bin/tree', '/usr/bin/jq', '/usr/bin/tmux'],
    previewVars: { apt_install: ['rsync'], apt_remove: ['jq'], apt_remove_purge: true, apt_etc_apt_apt_conf: ['Acquire::Retries "3";'] },
  },
  {
    name: 'oefenweb.ca_certificates',
    repo: 'https://github.com/Oefenweb/ansible-ca-certificates',
    commit: '4ed6833741e7cd277cdc2b88721ee46384c9a054',
    managed: ['/usr/share/ca-certificates/volant-test', '/etc/ca-certificates.conf', '/etc/ssl/certs/ca-certificates.crt'],
    previewVars: { ca_certificates_certificate_map: [{ src: 'certs/volant-test-ca-1.crt', dest: 'other/one.crt', mode: '0600' }] },
  },
  {
    name: 'weareinteractive.git',
    repo: 'https://github.com/weareinteractive/ansible-git',
    commit: '53b37a903c8e233650b913e48268c7f199acbf42',
    // NOT the clone's .git as a whole: its index holds the files' times
    managed: ['/etc/gitconfig', '/srv/app/README', '/srv/app/.git/HEAD', '/srv/app/.git/config', '/etc/motd', '/etc/git-banner', '/etc/git-banner-lstrip'],
    previewVars: { git_config: { core: { editor: 'vi' }, user: { name: 'Ops' } }, git_mode: '0750' },
  },
  {
    name: 'robertdebock.memcached',
    repo: 'https://github.com/robertdebock/ansible-role-memcached',
    commit: 'f6d53bb46f7a72bfc7d047fc829856ec8457e38e',
    managed: ['/etc/memcached.conf', '/etc/rc2.d', '/usr/bin/memcached'],
    previewVars: { memcached_cachesize: 128, memcached_listenon: '0.0.0.0' },
  },
  {
    name: 'nginxinc.nginx_config',
    repo: 'https://github.com/nginxinc/ansible-role-nginx-config',
    commit: 'd90a7ba3820a28afa2f20540447fff7b352b7fd7',
    managed: ['/etc/nginx/nginx.conf', '/etc/nginx/conf.d', '/etc/nginx/sites-enabled', '/usr/share/nginx/html/one.html', '/usr/share/nginx/html/two.html', '/var/cache/nginx'],
    previewVars: { ngc_worker_connections: 1024, nginx_config_status_port: 8091 },
  },
  {
    name: 'claranet.users',
    repo: 'https://github.com/claranet/ansible-role-users',
    commit: 'fa98330dac06f8839621b146a4799fc8dc6b516f',
    managed: ['/home/deploy', '/home/ops', '/home/retired', '/etc/passwd', '/etc/group'],
    previewVars: { users_umask: '027', users_editor: 'vi' },
  },  {
    name: 'oefenweb.nginx',
    repo: 'https://github.com/Oefenweb/ansible-nginx',
    commit: 'b3efefe04b6daed1105a6cf7f8781a85aa8437ce',
    managed: [
      '/etc/nginx/nginx.conf',
      '/etc/nginx/conf.d',
      '/etc/nginx/snippets',
      '/etc/nginx/sites-available',
      '/etc/nginx/sites-enabled',
      '/etc/nginx/streams-available',
      '/etc/nginx/mails-enabled',
      '/etc/nginx/ssl',
      '/srv/www',
      '/var/www/html',
      '/etc/rc2.d',
      '/usr/bin/tree',
    ],
    previewVars: {
      nginx_preset_worker_connections: 2048,
      nginx_preset_processes: 2,
      nginx_sites_available_include_files: [{ name: 'app', state: 'disabled', directives: ['server { listen 8080; }'] }],
    },
  },
  {
    name: 'grzegorzfranus.logrotate',
    repo: 'https://github.com/grzegorzfranus/ansible-role-logrotate',
    commit: '77d52c8505a0db11508ab330ad112473b4de974a',
    // NOT /etc as a whole: `backup: true` leaves a copy of logrotate.conf named by the time
    managed: ['/etc/logrotate.conf', '/etc/logrotate.d', '/var/log/app'],
    previewVars: {
      logrotate_frequency: 'daily',
      logrotate_rotate: 7,
      logrotate_rules: [{ name: 'app', paths: ['/var/log/app/*.log'], options: { weekly: true, rotate: 4 } }],
    },
  },
  {
    name: 'ipr-cnrs.nftables',
    repo: 'https://github.com/ipr-cnrs/nftables',
    commit: '38173d5f3b43a9d99117c03e823d2d66b8e09889',
    // NOT /etc as a whole: `backup:` leaves a copy of the package's nftables.conf named by the time
    managed: ['/etc/nftables.conf', '/etc/nftables.d', '/usr/sbin/nft', '/usr/sbin/iptables', '/usr/sbin/xtables-nft-multi'],
    previewVars: {
      nft_input_host_rules: { '500 monitoring': ['ip saddr 10.213.0.1 tcp dport 9100 accept', 'ip saddr 10.213.0.1 tcp dport 9101 accept'] },
      nft_old_pkg_manage: false,
    },
  },
];
