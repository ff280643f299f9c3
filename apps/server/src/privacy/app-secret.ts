import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Env, EnvError } from '../env.js';

/**
 * The key that signs unsubscribe links and XSRF tokens. Production must set APP_SECRET; elsewhere one is made once and
 * kept in `<DATA_DIR>/app-secret`, so links stay valid across restarts.
 */
export function resolveAppSecret(env: Env): { secret: string; generated: boolean } {
  if (env.APP_SECRET) return { secret: env.APP_SECRET, generated: false };
  if (env.NODE_ENV === 'production') {
    throw new EnvError('Invalid settings:\n  APP_SECRET: required in production (at least 32 characters)');
  }
  const dir = resolve(env.DATA_DIR);
  const path = join(dir, 'app-secret');
  try {
    return { secret: readFileSync(path, 'utf8').trim(), generated: false };
  } catch {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(path, `${secret}\n`, { mode: 0o600 });
    return { secret, generated: true };
  }
}
