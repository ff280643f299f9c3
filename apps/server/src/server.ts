import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { EnvError, readEnv } from './env.js';

async function main() {
  // Files and folders are created with private modes explicitly; this covers anything created without one.
  process.umask(0o077);
  const env = readEnv();
  const app = await buildApp(env);
  // On SIGTERM, SIGINT (or another termination signal, or an uncaught error): stop accepting, let
  // requests in flight finish, close the outbox and the database, exit 0 (1 after an error); past the
  // deadline exit 1 whatever is still open. A second signal exits at once.
  closeWithGrace(
    {
      delay: env.SHUTDOWN_TIMEOUT_MS,
      logger: app.log,
      onTimeout: (deadlineMs) => app.log.error({ deadlineMs }, 'shutdown deadline passed: forced exit'),
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'shutting down after an uncaught error');
      else app.log.info({ signal }, 'shutting down');
      await app.close();
      app.log.info('shut down cleanly');
    },
  );
  await app.listen({ host: env.HOST, port: env.PORT });
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
