// Registers Ansible's tests (ansible.builtin). Each family lives in its own file imported here.
export {};
