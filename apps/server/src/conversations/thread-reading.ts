import { THREAD_PAGE_ITEMS, type ThreadCursor } from '@site/api-contract';
import type { Actor, AuditLog } from '../audit/audit-log.js';
import type { Db } from '../db/database.js';
import { boundsOf, holdsNewer, pageOf, type ThreadRange } from './thread-page.js';
import { threadRepository } from './thread-repository.js';

/**
 * A message's thread as the inbox reads it: a page at a time, one reply or note just written, a file an
 * answer carried. A restricted person's texts and files only after a reveal.
 */
export function threadReading(db: Db, audit: AuditLog) {
  const threads = threadRepository(db);
  const reading = {
    /**
     * A page of the message's thread (decision 038): its newest items, or those before or after a point,
     * with the message's status, assignee and the fields of its first-response clock; undefined when there is no such message. A restricted
     * person's texts and file names are null unless `revealed` (a reveal, which is audited, gave them).
     * `ownFiles` adds the files of the mail the message came in, as an opening shows them.
     */
    async page(messageId: string, range: ThreadRange, revealed: boolean, ownFiles = false) {
      const head = await threads.head(messageId);
      if (!head) return undefined;
      const read = THREAD_PAGE_ITEMS + 1;
      const page = pageOf(
        range,
        {
          replies: await threads.replies(messageId, boundsOf(range, 'replies'), read),
          notes: await threads.notes(messageId, boundsOf(range, 'notes'), read),
          answers: await threads.answers(messageId, boundsOf(range, 'answers'), read),
        },
        THREAD_PAGE_ITEMS,
      );
      const shown = revealed || head.restricted === 0;
      const text = (body: string) => (shown ? body : null);
      const file = <F extends { file_name: string }>(row: F) => ({ ...row, file_name: text(row.file_name) });
      const answerFiles = (
        await threads.files(
          messageId,
          page.answers.map((answer) => answer.seq),
        )
      ).map(file);
      const filesOf = new Map<number | null, typeof answerFiles>();
      for (const row of answerFiles)
        filesOf.set(row.inbound_seq, [...(filesOf.get(row.inbound_seq) ?? []), row]);
      return {
        status: head.status,
        clock: head,
        assignee: head.email ? { email: head.email, name: head.name } : null,
        files: ownFiles ? (await threads.files(messageId)).map(file) : [],
        page: {
          ...page,
          replies: page.replies.map((row) => ({ ...row, body: text(row.body) })),
          notes: page.notes.map((row) => ({ ...row, body: text(row.body) })),
          answers: page.answers.map((row) => ({
            ...row,
            body: text(row.body),
            // Another address, or the visitor's forged: their domain's DMARC check failed (decision 034).
            otherSender: row.from_address !== head.visitor.toLowerCase() || row.dmarc === 'fail',
            attachments: filesOf.get(row.seq) ?? [],
          })),
        },
      };
    },

    /**
     * What changed in an open message after the point `after` (a page, as `page` reads it), audited when
     * it gives an item newer than `seen`, the newest of each kind the inbox shows: a poll that finds
     * nothing new, or only a reply's mail state, reads nothing the operator has not seen.
     */
    async updates(
      messageId: string,
      after: ThreadCursor,
      seen: ThreadCursor,
      revealed: boolean,
      actor: Actor,
    ) {
      const updates = await reading.page(messageId, { after }, revealed);
      if (updates && holdsNewer(updates.page, seen))
        await audit.record({ ...actor, action: 'read-thread-updates', target: messageId });
      return updates;
    },

    /** One reply or note of the message as its thread shows it (the operator's own, just written). */
    reply: async (messageId: string, seq: number) =>
      (await threads.replies(messageId, { below: seq + 1, above: seq - 1 }, 1))[0],
    note: async (messageId: string, seq: number) =>
      (await threads.notes(messageId, { below: seq + 1, above: seq - 1 }, 1))[0],

    /**
     * A file an imported mail carried, for download; audited, as it is the sender's data. A restricted
     * person's only when `revealed(messageId)` (a reveal of its message gave it): 'restricted' otherwise.
     */
    async attachment(seq: number, actor: Actor, revealed: (messageId: string) => boolean) {
      const file = await threads.file(seq);
      if (!file) return undefined;
      if (file.restricted === 1 && !revealed(file.message_id)) return 'restricted' as const;
      await audit.record({
        ...actor,
        action: 'download-attachment',
        target: `${file.message_id} attachment:${seq}`,
      });
      return file;
    },
  };
  return reading;
}
