import { parseArgs } from 'node:util';
import { analyticsCommands } from './analytics-commands.js';
import { backupCommands, offlineBackupCommands } from './backup-commands.js';
import type { Command, OfflineCommand } from './command.js';
import { UsageError } from './command.js';
import { messageCommands } from './message-commands.js';
import { operatorCommands } from './operator-commands.js';
import { privacyCommands } from './privacy-commands.js';
import { reportCommands } from './report-commands.js';
import { spamCommands } from './spam-commands.js';
import { webhookCommands } from './webhook-commands.js';

/** Every command, in the order the overview lists them. */
const commands: Record<string, Command> = {
  ...messageCommands,
  ...spamCommands,
  ...webhookCommands,
  ...analyticsCommands,
  ...reportCommands,
  ...privacyCommands,
  ...backupCommands,
  ...operatorCommands,
};
const offlineCommands: Record<string, OfflineCommand> = offlineBackupCommands;

type Found = { offline: false; command: Command } | { offline: true; command: OfflineCommand };

export function findCommand(name: string): Found | undefined {
  if (Object.hasOwn(commands, name)) return { offline: false, command: commands[name]! };
  if (Object.hasOwn(offlineCommands, name)) return { offline: true, command: offlineCommands[name]! };
  return undefined;
}

export const usageLines = () =>
  [...Object.values(commands), ...Object.values(offlineCommands)].map((c) => c.usage);

export function commandHelp(name: string): string {
  const { command } = findCommand(name)!;
  return `npm run messages -- ${command.usage}\n\n${command.help}`;
}

export function parseCommand(name: string, args: string[]) {
  const found = findCommand(name);
  if (!found) throw new UsageError(`unknown command "${name}"`);
  try {
    const { values, positionals } = parseArgs({
      args,
      options: found.command.options ?? {},
      allowPositionals: true,
      strict: true,
    });
    return { ...found, values, positionals };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
