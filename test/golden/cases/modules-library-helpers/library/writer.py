# AnsibleModule's file helpers: add_file_common_args, atomic_move, digests, file attributes.
import os

from ansible.module_utils.basic import AnsibleModule, env_fallback
from ansible.module_utils.common.text.converters import to_bytes


def main():
    module = AnsibleModule(
        argument_spec=dict(
            path=dict(type='path', required=True),
            content=dict(type='str', default='', fallback=(env_fallback, ['WRITER_CONTENT'])),
        ),
        add_file_common_args=True,
        supports_check_mode=True,
    )
    path = module.params['path']
    data = to_bytes(module.params['content'])
    before = module.sha256(path)
    if before is None or open(path, 'rb').read() != data:
        changed = True
        if not module.check_mode:
            tmp = os.path.join(module.tmpdir, 'new')
            with open(tmp, 'wb') as f:
                f.write(data)
            module.atomic_move(tmp, path)
    else:
        changed = False
    file_args = module.load_file_common_arguments(module.params)
    changed = module.set_fs_attributes_if_different(file_args, changed)
    module.exit_json(changed=changed, path=path, sha1=module.sha1(path), md5=module.md5(path),
                     bool_yes=module.boolean('yes'), json=module.jsonify({'a': [1]}), back=module.from_json('{"b": 2}'))


if __name__ == '__main__':
    main()
