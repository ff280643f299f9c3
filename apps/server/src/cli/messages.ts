import { EnvError, readEnv } from '../env.js';
import { runMessages } from './run-messages.js';

// Files and folders are created with private modes explicitly; this covers anything created without one.
process.umask(0o077);

const io = { out: (text: string) => console.log(text), err: (text: string) => console.error(text) };

try {
  process.exitCode = await runMessages(process.argv.slice(2), readEnv(), io);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exitCode = 1;
}
