import type { Answer, Attachment, Note, PresenceList, Reply, SavedReply, Thread } from '@site/api-contract';
import type { Flag } from '../db/types.js';
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

type AttachmentRow = { seq: number; file_name: string; size: number };

const attachmentView = (row: AttachmentRow): Attachment => ({
  seq: row.seq,
  fileName: row.file_name,
  size: row.size,
});

type AnswerRow = {
  seq: number;
  from_name: string;
  from_address: string;
  body: string;
  received_at: string;
  automatic: Flag;
  otherSender: boolean;
  attachments: AttachmentRow[];
};

export const answerView = (row: AnswerRow): Answer => ({
  seq: row.seq,
  fromName: row.from_name,
  fromAddress: row.from_address,
  text: row.body,
  receivedAt: row.received_at,
  automatic: row.automatic === 1,
  otherSender: row.otherSender,
  attachments: row.attachments.map(attachmentView),
});

export const threadView = (thread: {
  replies: ReplyRow[];
  notes: Parameters<typeof noteView>[0][];
  answers: AnswerRow[];
  attachments: AttachmentRow[];
  assignee: Author | null;
}): Thread => ({
  replies: thread.replies.map(replyView),
  notes: thread.notes.map(noteView),
  answers: thread.answers.map(answerView),
  attachments: thread.attachments.map(attachmentView),
  assignee: thread.assignee && by(thread.assignee),
});

export const presenceView = ({
  others,
}: {
  others: (Author & { activity: PresenceActivity })[];
}): PresenceList => ({
  others: others.map((row) => ({ by: by(row), activity: row.activity })),
});

export const savedReplyView = (row: { seq: number; name: string; body: string }): SavedReply => ({
  seq: row.seq,
  name: row.name,
  text: row.body,
});
