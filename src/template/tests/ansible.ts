// Registers Ansible's tests (ansible.builtin). Each family lives in its own file imported here.
import { registerTests } from '../plugin.js';
import { collectionTests } from './ansible-collection-tests.js';
import { pathTests } from './ansible-path-tests.js';
import { regexTests } from './ansible-regex-tests.js';
import { resultTests } from './ansible-results.js';
import { uriTests } from './ansible-uri-tests.js';
import { vaultTests } from './ansible-vault-tests.js';
import { versionTests } from './ansible-version.js';

registerTests(
  {
    ...collectionTests,
    ...pathTests,
    ...regexTests,
    ...resultTests,
    ...uriTests,
    ...vaultTests,
    ...versionTests,
  },
  'ansible.builtin',
);
