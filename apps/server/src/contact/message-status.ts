import { type MessageStatus, messageStatuses } from '../db/types.js';

/**
 * A change of a message's status: the statuses it applies to, and the one it gives. A message in any
 * other status stays as it is.
 */
export type StatusChange = { from: readonly MessageStatus[]; to: MessageStatus };

/**
 * What changes a message's status (New, Read, Answered, Archived in the inbox), and the only changes
 * there are: message-status-repository.ts writes them, nothing else writes `messages.status`. A message
 * is stored new.
 */
export const statusChanges = {
  /** An operator opened it: a new message becomes read; one read, answered or archived stays so. */
  opened: { from: ['new'], to: 'read' },
  /** A reply to the visitor was queued: answered, whatever it was. */
  replied: { from: messageStatuses, to: 'answered' },
  /** Its visitor answered by mail, and the answer reopens it (answerReopens): new again. */
  answerReceived: { from: messageStatuses, to: 'new' },
  /** An operator took it out of spam (spamMarkReopens): new, as if it had just come in. */
  takenOutOfSpam: { from: messageStatuses, to: 'new' },
} as const satisfies Record<string, StatusChange>;

/** An operator sets a status by hand (the inbox's buttons, `messages status`): any may follow any. */
export const setByHand = (to: MessageStatus): StatusChange => ({ from: messageStatuses, to });

/**
 * Whether a visitor's answer by mail reopens its message: a person's answer (not an automatic reply),
 * not judged spam (nor in a spam conversation), in a conversation whose processing is not restricted.
 * Only such an answer is told to the company too.
 */
export const answerReopens = (answer: { automatic: boolean; spam: boolean; restricted: boolean }) =>
  !answer.automatic && !answer.spam && !answer.restricted;

/** Whether an operator's spam mark reopens the message: only taking one out of spam does. */
export const spamMarkReopens = (wasSpam: boolean, markedSpam: boolean) => wasSpam && !markedSpam;
