// The main thread's tasks after the first contentful paint in a Lighthouse run's trace: what Total
// Blocking Time is made of. Lighthouse's simulation (mobile) multiplies each task's observed time by 4,
// or by 2 if it lays out, and counts what goes over 50 ms between FCP and Time to Interactive; tasks
// under 10 ms it leaves out of its graph.
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

/** The trace event kinds a task spent most time in (its own children and theirs), with their ms. */
function madeOf(task) {
  const totals = new Map();
  const visit = (node, depth) => {
    for (const child of node.children) {
      totals.set(child.event.name, (totals.get(child.event.name) ?? 0) + child.selfTime);
      if (depth < 8) visit(child, depth + 1);
    }
  };
  visit(task, 0);
  return [...totals]
    .filter(([, ms]) => ms >= 1)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(', ');
}

const laysOut = (node) => node.event.name === 'Layout' || node.children.some(laysOut);

/**
 * The top-level tasks of at least `minMs` that end after the first contentful paint, longest first:
 * start (ms after navigation), duration, the thread's CPU time in it (which the machine's load does not
 * stretch), whether it lays out, and what it is made of.
 */
export async function tasksAfterFirstPaint(trace, minMs = 10) {
  const processed = await TraceProcessor.processTrace(trace);
  const navigation = await TraceProcessor.processNavigation(processed);
  const origin = processed.timestamps.timeOrigin;
  const firstPaint = navigation.timestamps.firstContentfulPaint;
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
  );
  return tasks
    .filter(
      (task) => !task.parent && task.duration >= minMs && task.event.ts + task.duration * 1000 > firstPaint,
    )
    .map((task) => ({
      at: (task.event.ts - origin) / 1000,
      ms: task.duration,
      cpuMs: task.event.tdur === undefined ? undefined : task.event.tdur / 1000,
      layout: laysOut(task),
      madeOf: madeOf(task),
    }))
    .sort((a, b) => b.ms - a.ms);
}
