/**
 * A point in a thread: the seq of a reply, a note and an answer, written `R.N.A`. The inbox gives the
 * server's points back as they came (`earlier` as `before`, `latest` as `after`) and writes its own
 * `seen` from the items it shows.
 */
export type ThreadCursor = { replies: number; notes: number; answers: number };

export const threadCursorText = ({ replies, notes, answers }: ThreadCursor) =>
  `${replies}.${notes}.${answers}`;
