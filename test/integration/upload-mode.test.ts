/**
 * The file copy, template and assemble upload for their module over ssh, as a `validate` command
 * sees it, against the suite's own sshd: the fixture playbook must print what ansible-core 2.19
 * printed for it (recorded/upload-mode.stdout, against 127.0.0.1 too): sftp gives the upload the
 * mode of the controller file sent (the user's own file, or the action's temp file), then u+x.
 */
import { describeFixtureAsRecorded } from './oracle-fixture.js';

describeFixtureAsRecorded('files uploaded over ssh', 'have the modes ansible-core 2.19 gives them', 'upload-mode');
