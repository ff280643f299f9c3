import type { z } from 'zod';
import { UsageError, type Values } from './command.js';

/** The options of the commands that count over a range of days: `report` and `analytics`. */
export const rangeOptions = {
  from: { type: 'string' },
  to: { type: 'string' },
  site: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/**
 * --from, --to and --site checked by the command's query schema of the API contract, as the inbox's
 * route checks them: every problem in one usage error, `--from must not be after to; --to must ...`,
 * the same reasons the route's 400 gives (each once, though a check may find it twice).
 */
export function rangeQuery<Schema extends z.ZodType>(schema: Schema, values: Values): z.output<Schema> {
  const query = schema.safeParse({ from: values.from, to: values.to, site: values.site });
  if (query.success) return query.data;
  const problems = query.error.issues.map((issue) => `--${issue.path.join('.')} ${issue.message}`);
  throw new UsageError([...new Set(problems)].join('; '));
}
