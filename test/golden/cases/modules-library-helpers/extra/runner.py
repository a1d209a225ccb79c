# run_command and get_bin_path, found through -M.
from ansible.module_utils.basic import AnsibleModule, missing_required_lib
from ansible.module_utils.common.process import get_bin_path


def main():
    module = AnsibleModule(argument_spec=dict(words=dict(type='list', elements='str', required=True)))
    rc, out, err = module.run_command(['echo'] + module.params['words'])
    rc2, out2, err2 = module.run_command('printf "%s|" one two', use_unsafe_shell=True)
    module.exit_json(rc=rc, out=out, err=err, shell_out=out2, sh=module.get_bin_path('sh') is not None,
                     missing=module.get_bin_path('no-such-binary-here'), echo=get_bin_path('echo').endswith('/echo'),
                     lib_msg=missing_required_lib('foo').startswith('Failed to import the required Python library (foo)'))


if __name__ == '__main__':
    main()
