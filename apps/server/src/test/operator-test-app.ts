import { inviteOperator } from './messages-in-process.js';
import { buildTestApp, writeTestSite } from './test-app.js';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * The app of a file of operator tests, which each test builds with its settings (`start`), and what it
 * stored; `invite` is `operator invite` on the command line, the token of the link it mailed (and printed).
 */
export function operatorTestApp() {
  let built: TestApp | undefined;
  const current = () => {
    if (!built) throw new Error('start() the app first');
    return built;
  };
  return {
    async start(settings: Record<string, string> = {}) {
      built = await buildTestApp(settings);
    },
    /** Builds the app again on what the one before stored (that one closed), as an upgraded server starts. */
    async restart() {
      built = await buildTestApp({}, writeTestSite(), {}, current().storage);
    },
    get app() {
      return current().app;
    },
    get storage() {
      return current().storage;
    },
    get dataDir() {
      return current().dataDir;
    },
    invite: (email: string) => inviteOperator(current().storage, email),
  };
}
