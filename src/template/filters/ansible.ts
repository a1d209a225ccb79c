// Registers Ansible's filters (ansible.builtin). Each family lives in its own file imported here.
export {};
