import { isDmarcResult } from '@site/api-contract';
import type {
  Answer,
  Attachment,
  Note,
  PresenceList,
  Reply,
  SavedReply,
  SpamVerdict,
  Thread,
  ThreadPage,
} from '@site/api-contract';
import type { Flag } from '../db/types.js';
import type { OutboxStatus, PresenceActivity } from '../db/types.js';

type Author = { email: string; name: string | null };
const by = ({ email, name }: Author) => ({ email, name });

/** A reply as the thread reads it; its text null in a restricted person's thread until revealed. */
type ReplyRow = Author & {
  seq: number;
  body: string | null;
  at: string;
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
  createdAt: row.at,
  status: row.status,
  attempts: row.attempts,
  lastError: row.last_error,
  nextAttemptAt: row.next_attempt_at,
  sentAt: row.sent_at,
});

export const noteView = (row: Author & { seq: number; body: string | null; at: string }): Note => ({
  seq: row.seq,
  by: by(row),
  text: row.body,
  createdAt: row.at,
});

type AttachmentRow = { seq: number; file_name: string | null; size: number };

const attachmentView = (row: AttachmentRow): Attachment => ({
  seq: row.seq,
  fileName: row.file_name,
  size: row.size,
});

type AnswerRow = {
  seq: number;
  from_name: string;
  from_address: string;
  body: string | null;
  at: string;
  automatic: Flag;
  otherSender: boolean;
  spam_verdict: SpamVerdict;
  dmarc: string | null;
  attachments: AttachmentRow[];
};

export const answerView = (row: AnswerRow): Answer => ({
  seq: row.seq,
  fromName: row.from_name,
  fromAddress: row.from_address,
  text: row.body,
  receivedAt: row.at,
  automatic: row.automatic === 1,
  otherSender: row.otherSender,
  spamVerdict: row.spam_verdict,
  dmarc: isDmarcResult(row.dmarc) ? row.dmarc : null,
  attachments: row.attachments.map(attachmentView),
});

type PageRows = {
  replies: ReplyRow[];
  notes: Parameters<typeof noteView>[0][];
  answers: AnswerRow[];
  earlier: string | null;
  latest: string;
};

export const threadPageView = (page: PageRows): ThreadPage => ({
  replies: page.replies.map(replyView),
  notes: page.notes.map(noteView),
  answers: page.answers.map(answerView),
  earlier: page.earlier,
  latest: page.latest,
});

/** The newest page of a thread as an opening or a reveal shows it, with the message's files and assignee. */
export const threadView = (read: {
  page: PageRows;
  files: AttachmentRow[];
  assignee: Author | null;
}): Thread => ({
  ...threadPageView(read.page),
  attachments: read.files.map(attachmentView),
  assignee: read.assignee && by(read.assignee),
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
