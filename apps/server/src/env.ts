import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const defaultWebRoot = fileURLToPath(new URL('../../web/build/client', import.meta.url));

/** Every setting of the server. Nothing else reads process.env. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_ROOT: z.string().min(1).default(defaultWebRoot),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Reads the settings, or throws an EnvError that names every bad value. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new EnvError(`Invalid settings:\n${problems.join('\n')}`);
}
