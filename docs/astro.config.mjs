// Volant's documentation site. Reference pages under src/content/docs/reference/ are generated
// from the code by ../scripts/docs-generate.ts; the guides are written by hand.
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';

export default defineConfig({
  // NOTE: no `site` URL: the site is built to be served from any root, and links stay relative to it.
  integrations: [
    starlight({
      title: 'Volant',
      description: 'Runs Ansible playbooks with ansible-core 2.19\'s output, faster.',
      // The search index (pagefind) adds a build step and nothing that the tests look at.
      pagefind: false,
      sidebar: [
        { label: 'Start here', items: ['guides/getting-started', 'guides/how-a-play-runs'] },
        {
          label: 'Playbooks',
          items: [
            'guides/blocks',
            'guides/handlers',
            'guides/loops',
            'guides/includes-and-roles',
            'guides/library-modules',
            'guides/python-plugins',
            'guides/local-collections',
            'guides/task-keywords',
            'guides/variables',
            'guides/inventory',
            'guides/strategies',
          ],
        },
        { label: 'Running', items: ['guides/output-and-callbacks', 'guides/errors', 'guides/connections', 'guides/async-and-become', 'reference/performance'] },
        { label: 'Reference', items: ['reference/keywords', 'reference/modules', 'reference/templating', 'reference/cli', 'reference/conformance'] },
      ],
    }),
  ],
});
