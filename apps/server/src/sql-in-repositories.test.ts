import { describe, expect, it } from 'vitest';
import { plantedProblems } from './test/planted-lint.js';

const statement = `import type { Db } from '../db/database.js';

export const newest = (db: Db) =>
  db.selectFrom('messages').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirst();
`;
const rawSql = `import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export const ping = (db: Db) => sql\`select 1\`.execute(db);
`;

const both = `import { sql } from 'kysely';
${statement}
export const ping = (db: Db) => sql\`select 1\`.execute(db);
`;

/** The messages ESLint gives `source` as if it were the server's file at `path`, of the SQL rule only. */
const sqlProblems = (source: string, path: string) => plantedProblems(path, source, 'no-restricted-syntax');

describe('SQL only in repositories (eslint.config.js)', () => {
  it('fails a Kysely statement planted in a service, a route or a worker', async () => {
    for (const path of [
      'inbox/inbox-service.ts',
      'conversations/conversation-routes.ts',
      'notifications/outbox-worker.ts',
    ]) {
      const problems = await sqlProblems(statement, path);
      expect(problems.map((problem) => [path, problem.severity, problem.message])).toEqual([
        [path, 2, 'SQL belongs in a *-repository.ts file (or db/): call a repository from here.'],
      ]);
    }
  });

  it('fails raw sql planted outside a repository', async () => {
    expect(await sqlProblems(rawSql, 'health/health-routes.ts')).toHaveLength(1);
  });

  it('takes both in a repository, in db/ and in a test', async () => {
    for (const path of ['inbox/inbox-repository.ts', 'db/database-probe.ts', 'inbox/inbox.test.ts'])
      expect([path, await sqlProblems(both, path)]).toEqual([path, []]);
  });
});
