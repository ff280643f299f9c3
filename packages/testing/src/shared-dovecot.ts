import type { TestProject } from 'vitest/node';
import { startDovecot } from './dovecot.ts';

/**
 * Vitest global setup: one Dovecot for a project's tests instead of one per test (starting and
 * stopping it took most of two seconds); `startTestDovecot` then adds a user with a mailbox of its own
 * for each test. Stopped at the end of the run.
 */
export default async function setup(project: TestProject) {
  const dovecot = await startDovecot();
  project.provide('sharedDovecot', dovecot.server);
  return () => dovecot.close();
}
