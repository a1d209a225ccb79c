from ansible.errors import AnsibleError
raise AnsibleError('this test plugin needs a library')
