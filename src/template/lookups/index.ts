// Registers Ansible's lookups (ansible.builtin). Each family lives in its own file imported here.
export {};
