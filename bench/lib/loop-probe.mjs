// Loaded into a server under test (`--import`, through NODE_OPTIONS): its event loop's delay and
// utilisation, measured from inside. On SIGWINCH it writes what it saw since the last signal to
// LOOP_PROBE_FILE as JSON and starts again (SIGWINCH: a server ignores it otherwise, and close-with-grace
// does not take it), so a bench can take one window at a time.
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
let since = performance.eventLoopUtilization();
const ms = (nanoseconds) => Math.round(nanoseconds / 10_000) / 100;

process.on('SIGWINCH', () => {
  const window = performance.eventLoopUtilization(since);
  // Written aside, then renamed: the bench never reads half a file.
  const file = process.env.LOOP_PROBE_FILE;
  writeFileSync(
    `${file}.part`,
    JSON.stringify({
      utilisation: window.utilization,
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
    }),
  );
  renameSync(`${file}.part`, file);
  delay.reset();
  since = performance.eventLoopUtilization();
});
