import { threadCursorText } from '@site/api-contract/constants';
import type { Answer, Attachment, Note, Reply, Thread, ThreadPage } from '../api/conversations.ts';

type Item = { seq: number; text: string | null };

/**
 * The items of both, by seq, the newer copy of each kept: a reply's mail state moves on. A text or file
 * name the newer copy leaves out (a restricted person's, read without the reveal) stays as it was shown.
 */
function merged<T extends Item>(
  shown: T[],
  read: T[],
  keep: (older: T, newer: T) => T = (_, newer) => newer,
) {
  const bySeq = new Map(shown.map((item) => [item.seq, item]));
  for (const item of read) {
    const older = bySeq.get(item.seq);
    bySeq.set(item.seq, older ? keep(older, { ...item, text: item.text ?? older.text }) : item);
  }
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

const keepFileNames = (older: Answer, newer: Answer): Answer => ({
  ...newer,
  attachments: newer.attachments.map((file) => ({
    ...file,
    fileName: file.fileName ?? older.attachments.find((known) => known.seq === file.seq)?.fileName ?? null,
  })),
});

const withItems = (thread: Thread, page: ThreadPage): Thread => ({
  ...thread,
  replies: merged(thread.replies, page.replies),
  notes: merged(thread.notes, page.notes),
  answers: merged(thread.answers, page.answers, keepFileNames),
});

/**
 * The thread shown with the updates after its `latest` point: their items added (or, when more came than
 * a page holds, in place of those shown, whose `earlier` then leads back to the rest).
 */
export const withUpdates = (thread: Thread, page: ThreadPage): Thread =>
  page.earlier === null
    ? { ...withItems(thread, page), latest: page.latest }
    : {
        ...withItems({ ...thread, replies: [], notes: [], answers: [] }, page),
        earlier: page.earlier,
        latest: page.latest,
      };

/**
 * The thread shown with a reply or note the operator just wrote, as the server stored it. Its point
 * stays: the updates bring the reply again as its mail goes out.
 */
export const withWritten = (thread: Thread, written: { reply: Reply } | { note: Note }): Thread =>
  'reply' in written
    ? { ...thread, replies: merged(thread.replies, [written.reply]) }
    : { ...thread, notes: merged(thread.notes, [written.note]) };

const newest = (items: Item[]) => Math.max(0, ...items.map((item) => item.seq));

/** The newest item of each kind the thread shows, as a point (`seen`): updates with newer ones are audited. */
export const seenOf = (thread: Thread) =>
  threadCursorText({
    replies: newest(thread.replies),
    notes: newest(thread.notes),
    answers: newest(thread.answers),
  });

/** The thread shown with the page before it ("Show earlier") added. */
export const withEarlier = (thread: Thread, page: ThreadPage): Thread => ({
  ...withItems(thread, page),
  earlier: page.earlier,
});

/** How many items a page holds. */
export const itemsIn = (page: ThreadPage) => page.replies.length + page.notes.length + page.answers.length;

const hiddenFile = (file: Attachment) => file.fileName === null;

/** Whether some text or file name of the thread is hidden (a restricted person's, not revealed). */
export const hasHidden = (thread: Thread) =>
  [...thread.replies, ...thread.notes, ...thread.answers].some((item) => item.text === null) ||
  [...thread.attachments, ...thread.answers.flatMap((answer) => answer.attachments)].some(hiddenFile);
