import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
/** Where the server's sources are, for the paths a planted file is given. */
export const serverSrc = join(repo, 'apps/server/src');

/**
 * The repository's ESLint, as `npm run check` runs it; without the cycle rule, which would follow each
 * planted import through the whole server and is not what the planting tests are about.
 */
const eslint = new ESLint({ cwd: repo, overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

/** What rule `ruleId` says of a file with this text at `path` under apps/server/src. */
export async function plantedProblems(path: string, code: string, ruleId: string) {
  const [result] = await eslint.lintText(code, { filePath: join(serverSrc, path) });
  return result!.messages.filter((message) => message.ruleId === ruleId);
}

/** The configuration ESLint applies to the file at `path` under apps/server/src. */
export const lintConfigFor = async (path: string): Promise<Linter.Config> =>
  (await eslint.calculateConfigForFile(join(serverSrc, path))) as Linter.Config;
