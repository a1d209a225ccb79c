# ansible.module_utils.urls in a library module: fetch_url's response and info.
from ansible.module_utils.basic import AnsibleModule
from ansible.module_utils.urls import fetch_url, url_argument_spec


def main():
    spec = url_argument_spec()
    spec.update(dest=dict(type='str'))
    module = AnsibleModule(argument_spec=spec, supports_check_mode=True)
    response, info = fetch_url(module, module.params['url'])
    if response is None:
        module.fail_json(msg='could not fetch: %s' % info['msg'], status=info['status'])
    module.exit_json(body=response.read().decode('utf-8'), status=info['status'], url=info['url'])


if __name__ == '__main__':
    main()
