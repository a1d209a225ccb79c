/**
 * A delegated result's `h1 -> h2(address)` over ssh, against the suite's own sshd: the fixture
 * playbook must print what ansible-core 2.19 printed for it (recorded/delegate-address.stdout,
 * with the same aliases of 127.0.0.1): the address as the delegate's variables write it.
 */
import { describeFixtureAsRecorded } from './oracle-fixture.js';

describeFixtureAsRecorded('delegated results over ssh', 'show each delegate address as ansible-core 2.19 does', 'delegate-address');
