// The spam benches' counts: how many messages of each kind got each verdict, and as table columns.

export const KINDS = ['spam', 'ham'];
const VERDICTS = ['spam', 'possibly-spam', 'not-spam'];

/** A count and its share of `total`, e.g. "3 (1.2 %)". */
export const percent = (count, total) => `${count} (${((count / Math.max(total, 1)) * 100).toFixed(1)} %)`;

/** Per kind: how many sent, and of them silenced, labelled, unlabelled; for one verdict function. */
export function tally(jobs, verdictOfJob) {
  const counts = {};
  for (const kind of KINDS) {
    const sent = jobs.filter((job) => job.kind === kind && job.id);
    const by = Object.fromEntries(VERDICTS.map((verdict) => [verdict, 0]));
    for (const job of sent) by[verdictOfJob(job)]++;
    counts[kind] = { sent: sent.length, ...by };
  }
  return counts;
}

export const verdictColumns = (counts) => ({
  caught: percent(counts.spam + counts['possibly-spam'], counts.sent),
  silenced: percent(counts.spam, counts.sent),
  labelled: percent(counts['possibly-spam'], counts.sent),
  unlabelled: percent(counts['not-spam'], counts.sent),
});
