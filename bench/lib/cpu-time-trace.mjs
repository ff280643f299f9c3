// A Lighthouse trace as a quiet machine would have recorded it: every main-thread task (and what it is
// made of) squeezed to the thread CPU time it took. Lighthouse's mobile simulation multiplies each
// task's observed time, which another process's load stretches 5 to 30 times on the shared machine;
// its CPU time the load does not stretch. Run the simulation again on this trace (Lighthouse's audit
// mode over the saved artifacts) for a Total Blocking Time the machine's load does not decide.

/** The top-level tasks of each thread, by start. */
function tasksByThread(events) {
  const threads = new Map();
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || !event.tdur || event.dur <= event.tdur) continue;
    const key = `${event.pid}:${event.tid}`;
    if (!threads.has(key)) threads.set(key, []);
    threads.get(key).push(event);
  }
  for (const tasks of threads.values()) tasks.sort((a, b) => a.ts - b.ts);
  return threads;
}

/** The last task of `tasks` (by start) that starts at or before `ts`. */
function taskAt(tasks, ts) {
  let low = 0;
  let high = tasks.length - 1;
  let found;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (tasks[middle].ts <= ts) {
      found = tasks[middle];
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** Changes `trace` in place: each task's events scaled towards its start by its CPU time over its duration. */
export function squeezeToCpuTime(trace) {
  const threads = tasksByThread(trace.traceEvents);
  for (const event of trace.traceEvents) {
    const tasks = threads.get(`${event.pid}:${event.tid}`);
    const task = tasks && taskAt(tasks, event.ts);
    if (!task || event === task || event.ts > task.ts + task.dur) continue;
    const scale = task.tdur / task.dur;
    event.ts = task.ts + (event.ts - task.ts) * scale;
    if (event.dur) event.dur *= scale;
  }
  for (const tasks of threads.values()) for (const task of tasks) task.dur = task.tdur;
  return trace;
}
