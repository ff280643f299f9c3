import { backupDatabase, BackupError, restoreDatabase } from '../db/backup.js';
import { type Command, CommandError, type OfflineCommand, UsageError } from './command.js';

/** backup and restore copy SQLite's file; PostgreSQL has its own tools for that. */
function requireSqlite(databaseUrl: string | undefined) {
  if (databaseUrl)
    throw new CommandError(
      'DATABASE_URL is set: the messages are in PostgreSQL. Back it up with pg_dump and restore with pg_restore (docs/operations.md, "Backups").',
    );
}

async function withBackupErrors<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (error instanceof BackupError) throw new CommandError(error.message);
    throw error;
  }
}

export const backupCommands: Record<string, Command> = {
  backup: {
    usage: 'backup FILE',
    help: 'Writes a consistent copy of the database to FILE (a new file) while the server keeps running: every message acknowledged before the backup began is in it. Restore it with restore FILE.',
    async run({ db, io, databaseUrl }, _values, [file]) {
      if (!file) throw new UsageError('FILE is required');
      requireSqlite(databaseUrl);
      await withBackupErrors(() => backupDatabase(db, file));
      io.out(`backup written to ${file}`);
    },
  },
};

/** Commands that must run before the database is opened, as it replaces the database file. */
export const offlineBackupCommands: Record<string, OfflineCommand> = {
  restore: {
    usage: 'restore FILE',
    help: 'Puts the backup FILE in place as the database of DATA_DIR, which must have none yet: on a new machine, or with the server stopped and the old site.db (and site.db-wal, site.db-shm) moved away. Start the server afterwards.',
    async run({ io, dataDir, databaseUrl }, _values, [file]) {
      if (!file) throw new UsageError('FILE is required');
      requireSqlite(databaseUrl);
      const { messages } = await withBackupErrors(async () => restoreDatabase(file, dataDir));
      io.out(`restored ${messages} message(s) from ${file} into ${dataDir}`);
    },
  },
};
