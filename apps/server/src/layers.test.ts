import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { lintConfigFor, plantedProblems, serverSrc as src } from './test/planted-lint.js';

const rule = 'import-x/no-restricted-paths';

/** What the layers' rule says of a file with this text at this path under apps/server/src. */
const lint = async (path: string, code: string) =>
  (await plantedProblems(path, code, rule)).map((message) => message.message);

describe('the layers the linter enforces on the server', () => {
  // Loading the parsers and plugins takes seconds, and tens of them on a busy machine; each file then takes less than one.
  beforeAll(() => lint('time.ts', ''), 120_000);

  it('refuses an import of a domain from db/, http/, security/, queue/ or env.ts', async () => {
    expect(
      await lint('db/planted.ts', "import { contactRoute } from '../contact/contact-route.js';\n"),
    ).toEqual([expect.stringContaining('db/, http/, security/, queue/ and env.ts import no domain')]);
    expect(
      await lint('http/planted.ts', "import { inboxService } from '../inbox/inbox-service.js';\n"),
    ).toHaveLength(1);
    expect(
      await lint('security/planted.ts', "import { adminApi } from '../admin-api/admin-api.js';\n"),
    ).toHaveLength(1);
    expect(
      await lint(
        'queue/planted.ts',
        "import { outboxRepository } from '../notifications/outbox-repository.js';\n",
      ),
    ).toHaveLength(1);
    expect(
      await lint('env.ts', "import { startWebhooks } from './webhooks/start-webhooks.js';\n"),
    ).toHaveLength(1);
  });

  it('refuses an import of the composition root or of cli/ from a domain', async () => {
    expect(await lint('inbox/planted.ts', "import { buildApp } from '../app.js';\n")).toEqual([
      expect.stringContaining('A domain imports no composition root'),
    ]);
    expect(
      await lint('conversations/planted.ts', "import type { MailSettings } from '../derived-settings.js';\n"),
    ).toHaveLength(1);
    expect(await lint('privacy/planted.ts', "import { dataServices } from '../services.js';\n")).toHaveLength(
      1,
    );
    expect(
      await lint('spam/planted.ts', "import { runMessages } from '../cli/run-messages.js';\n"),
    ).toHaveLength(1);
  });

  it('refuses an import of admin-api/ from a domain: only the composition root puts the admin routes together', async () => {
    expect(await lint('inbox/planted.ts', "import { adminApi } from '../admin-api/admin-api.js';\n")).toEqual(
      [expect.stringContaining('No domain imports admin-api/')],
    );
    expect(
      await lint(
        'operators/planted.ts',
        "import { onlyRoutesFromTable } from '../admin-api/route-table-guard.js';\n",
      ),
    ).toHaveLength(1);
    expect(await lint('app.ts', "import { adminApi } from './admin-api/admin-api.js';\n")).toEqual([]);
  });

  it('keeps http/ below security/, and spam/ below contact/', async () => {
    expect(
      await lint('http/planted.ts', "import { pagePolicy } from '../security/content-security-policy.js';\n"),
    ).toEqual([expect.stringContaining('http/ is below security/')]);
    expect(
      await lint(
        'spam/planted.ts',
        "import { messageStatusRepository } from '../contact/message-status-repository.js';\n",
      ),
    ).toEqual([expect.stringContaining('spam/ is below contact/')]);
    expect(
      await lint(
        'security/planted.ts',
        "import { sendApiError } from '../http/api-error.js';\nimport type { SessionGuard } from './session-guard.js';\n",
      ),
    ).toEqual([]);
  });

  it('lets a domain use the plumbing, and the command line its composition root', async () => {
    expect(
      await lint(
        'contact/planted.ts',
        "import { DAY_MS } from '../time.js';\nimport type { Db } from '../db/database.js';\n",
      ),
    ).toEqual([]);
    expect(await lint('cli/planted.ts', "import { mailerOf } from '../derived-settings.js';\n")).toEqual([]);
  });

  it('places every folder of the server in a layer', async () => {
    const config = await lintConfigFor('db/database.ts');
    const [, { zones }] = config.rules![rule] as [unknown, { zones: { target: string[]; from: string[] }[] }];
    const placed = new Set(zones.flatMap((zone) => [...zone.target, ...zone.from]));
    const folders = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'test')
      .map((entry) => `apps/server/src/${entry.name}`);
    expect(folders.filter((folder) => !placed.has(folder))).toEqual([]);
  });
});
