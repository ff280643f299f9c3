import { type ThreadCursor, threadCursorText } from '@site/api-contract';

/** The three kinds of item a thread holds, each its own table with its own seq. */
export type ThreadKind = keyof ThreadCursor;
const kinds: readonly ThreadKind[] = ['replies', 'notes', 'answers'];
/** At one moment, a reply comes before a note and a note before an answer (as the inbox sorts them). */
const rank: Record<ThreadKind, number> = { replies: 0, notes: 1, answers: 2 };

/** Which rows a page is read from: those before a point, those after one, or (neither) the newest. */
export type ThreadRange = { before?: ThreadCursor; after?: ThreadCursor };

/** The seqs a page reads of one kind: below `below` and above `above` (each exclusive, when given). */
export const boundsOf = (range: ThreadRange, kind: ThreadKind) => ({
  below: range.before?.[kind],
  above: range.after?.[kind],
});

type Row = { seq: number; at: string };
type Rows<R, N, A> = { replies: R[]; notes: N[]; answers: A[] };

/**
 * The page of a thread from the rows read of each kind (newest first, at most `limit` + 1 of each):
 * the newest `limit` items of all three, each kind oldest first; `earlier`, the point before them when
 * more rows are there (for `after`, when more came than a page holds); and `latest`, the point to ask
 * after, which leaves a reply whose mail is not sent yet to be read again.
 */
export function pageOf<R extends Row & { status: string }, N extends Row, A extends Row>(
  range: ThreadRange,
  read: Rows<R, N, A>,
  limit: number,
) {
  const taken: Record<ThreadKind, number> = { replies: 0, notes: 0, answers: 0 };
  const head = (kind: ThreadKind) => read[kind][taken[kind]] as Row | undefined;
  // Each kind's rows are taken in their own order, so a page always holds a run of each kind's seqs.
  for (let count = 0; count < limit; count++) {
    let next: ThreadKind | undefined;
    for (const kind of kinds) {
      const row = head(kind);
      const best = next && head(next);
      if (row && (!best || row.at > best.at || (row.at === best.at && rank[kind] > rank[next!]))) next = kind;
    }
    if (!next) break;
    taken[next] += 1;
  }
  const page = {
    replies: read.replies.slice(0, taken.replies).reverse(),
    notes: read.notes.slice(0, taken.notes).reverse(),
    answers: read.answers.slice(0, taken.answers).reverse(),
  };

  const more = kinds.some((kind) => read[kind].length > taken[kind]);
  const seqs = (kind: ThreadKind) => read[kind].map((row) => row.seq);
  const before = (kind: ThreadKind): number => {
    if (taken[kind] > 0) return read[kind][taken[kind] - 1]!.seq;
    if (read[kind].length > 0) return Math.max(...seqs(kind)) + 1;
    return range.after ? range.after[kind] + 1 : 0;
  };
  const newest = (kind: ThreadKind) => Math.max(range.after?.[kind] ?? 0, ...seqs(kind));
  const unsent = page.replies.filter((reply) => reply.status !== 'sent').map((reply) => reply.seq);
  const latest = {
    replies: Math.min(newest('replies'), ...unsent.map((seq) => seq - 1)),
    notes: newest('notes'),
    answers: newest('answers'),
  };
  return {
    ...page,
    earlier: more
      ? threadCursorText({ replies: before('replies'), notes: before('notes'), answers: before('answers') })
      : null,
    latest: threadCursorText(latest),
  };
}

/** Whether a page holds an item newer than the point `seen` (of its kind). */
export const holdsNewer = (page: Rows<Row, Row, Row>, seen: ThreadCursor) =>
  kinds.some((kind) => page[kind].some((item) => item.seq > seen[kind]));
