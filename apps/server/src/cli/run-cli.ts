import { tightenDataDir } from '../data-dir.js';
import { databaseSettings, openDatabase } from '../db/database.js';
import { type Env, EnvError } from '../env.js';
import type { SignInMailSettings } from '../operators/sign-in-mail.js';
import { fileMailer, type Mailer, smtpMailer } from '../notifications/mailer.js';
import { resolveAppSecret } from '../privacy/app-secret.js';
import { readSiteFacts } from '../site/site-facts.js';
import {
  CommandError,
  commandHelp,
  findCommand,
  type Io,
  parseCommand,
  UsageError,
  usageLines,
} from './commands.js';

const overview = () =>
  `Operator commands for stored contact messages.\n\nUsage: npm run messages -- <command> [options]\n\n${usageLines()
    .map((usage) => `  ${usage}`)
    .join('\n')}\n\nnpm run messages -- <command> --help explains one.`;

/** Runs one operator command; returns the exit code: 0 done, 1 failed, 2 wrong usage. */
export async function runCli(argv: string[], env: Env, io: Io): Promise<number> {
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
    const context = {
      io,
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      siteUrl: env.SITE_URL,
      appSecret: () => resolveAppSecret(env).secret,
      signInMail: async (): Promise<[Mailer, SignInMailSettings]> => {
        const site = await readSiteFacts(env.WEB_ROOT);
        const mailer = env.SMTP_URL ? smtpMailer(env.SMTP_URL) : fileMailer(env.DATA_DIR);
        const from = env.MAIL_FROM ?? site.email;
        return [
          mailer,
          { siteName: site.name, siteUrl: env.SITE_URL, from, linkMinutes: env.ADMIN_LINK_MINUTES },
        ];
      },
    };
    if (parsed.offline) {
      await parsed.command.run(context, parsed.values, parsed.positionals);
    } else {
      const db = await openDatabase(databaseSettings(env));
      try {
        await parsed.command.run({ ...context, db }, parsed.values, parsed.positionals);
      } finally {
        await db.destroy();
      }
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
