import type { Note, PresenceList, Reply, SavedReply, Thread } from '@site/api-contract';
import type { OutboxStatus, PresenceActivity } from '../db/types.js';

type Author = { email: string; name: string | null };
const by = ({ email, name }: Author) => ({ email, name });

type ReplyRow = Author & {
  seq: number;
  body: string;
  created_at: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  sent_at: string | null;
};

export const replyView = (row: ReplyRow): Reply => ({
  seq: row.seq,
  by: by(row),
  text: row.body,
  createdAt: row.created_at,
  status: row.status,
  attempts: row.attempts,
  lastError: row.last_error,
  nextAttemptAt: row.next_attempt_at,
  sentAt: row.sent_at,
});

export const noteView = (row: Author & { seq: number; body: string; created_at: string }): Note => ({
  seq: row.seq,
  by: by(row),
  text: row.body,
  createdAt: row.created_at,
});

export const threadView = (thread: {
  replies: ReplyRow[];
  notes: Parameters<typeof noteView>[0][];
  assignee: Author | null;
}): Thread => ({
  replies: thread.replies.map(replyView),
  notes: thread.notes.map(noteView),
  assignee: thread.assignee && by(thread.assignee),
});

export const presenceView = ({
  others,
  threadVersion,
}: {
  others: (Author & { activity: PresenceActivity })[];
  threadVersion: string;
}): PresenceList => ({
  others: others.map((row) => ({ by: by(row), activity: row.activity })),
  threadVersion,
});

export const savedReplyView = (row: { seq: number; name: string; body: string }): SavedReply => ({
  seq: row.seq,
  name: row.name,
  text: row.body,
});
