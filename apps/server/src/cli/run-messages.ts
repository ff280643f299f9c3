import { tightenDataDir } from '../data-dir.js';
import { databaseSettings, openDatabase } from '../db/database.js';
import { firstResponseClockOf, mailerOf, mailSettingsOf, webhookPolicyOf } from '../derived-settings.js';
import { type Env, EnvError } from '../env.js';
import { resolveAppSecret } from '../privacy/app-secret.js';
import { dataServices } from '../services.js';
import { readSiteFacts } from '../site/site-facts.js';
import { CommandError, type Io, UsageError } from './command.js';
import { commandHelp, findCommand, parseCommand, usageLines } from './command-table.js';

const overview = () =>
  `Operator commands for stored contact messages.\n\nUsage: npm run messages -- <command> [options]\n\n${usageLines()
    .map((usage) => `  ${usage}`)
    .join('\n')}\n\nnpm run messages -- <command> --help explains one.`;

/** Runs one operator command; returns the exit code: 0 done, 1 failed, 2 wrong usage. */
export async function runMessages(argv: string[], env: Env, io: Io): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === 'help') {
    io.out(overview());
    return name ? 0 : 2;
  }
  if (findCommand(name) && args.includes('--help')) {
    io.out(commandHelp(name));
    return 0;
  }
  try {
    const parsed = parseCommand(name, args);
    for (const warning of tightenDataDir(env.DATA_DIR)) io.err(`Warning: ${warning}`);
    const offline = { io, dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL };
    if (parsed.offline) {
      await parsed.command.run(offline, parsed.values, parsed.positionals);
      return 0;
    }
    // Made (and kept in DATA_DIR) only when a command needs it, as the server does at start.
    let secret: string | undefined;
    const appSecret = () => (secret ??= resolveAppSecret(env).secret);
    const db = await openDatabase(databaseSettings(env));
    try {
      const context = {
        ...offline,
        db,
        services: dataServices(db, {
          dataDir: env.DATA_DIR,
          secret: appSecret,
          consentConfirmDays: env.CONSENT_CONFIRM_DAYS,
          webhookPolicy: webhookPolicyOf(env),
          firstResponse: firstResponseClockOf(env),
        }),
        siteUrl: env.SITE_URL,
        appSecret,
        // Only the commands that mail read the built brand (site.json).
        mail: async () => {
          const site = await readSiteFacts(env.WEB_ROOT);
          return [mailerOf(env), mailSettingsOf(env, site)] as const;
        },
      };
      await parsed.command.run(context, parsed.values, parsed.positionals);
    } finally {
      await db.destroy();
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`Error: ${error.message}\n\n${findCommand(name) ? commandHelp(name) : overview()}`);
      return 2;
    }
    if (error instanceof CommandError || error instanceof EnvError) {
      io.err(`Error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
