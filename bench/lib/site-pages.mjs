// The pages the page benchmarks measure, and how often each.
import { languages, localizedPath } from '@site/api-contract';
import { NO_SUCH_PAGE } from '@site/testing/pages';
import { pagePath, paths as routes } from '../../apps/web/app/paths.ts';

/** How many times each page is measured (BENCH_RUNS), for the median. */
export const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** BENCH_PATHS, or every page in English, then in Greek, with the page for an unknown path. */
export const sitePages =
  process.env.BENCH_PATHS?.split(',') ??
  languages.flatMap((language) => [
    ...[routes.home, routes.privacy, routes.terms, routes.contact].map((path) => pagePath(language, path)),
    localizedPath(language, NO_SUCH_PAGE),
  ]);
