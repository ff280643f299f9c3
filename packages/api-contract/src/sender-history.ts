import { z } from 'zod';
import { operatorName } from './admin-conversations.js';
import { messageStatus } from './admin-messages.js';

/** The most conversations each list of a sender's history gives, newest first. */
export const SENDER_HISTORY_LIMIT = 20;

/**
 * One earlier conversation in a sender's history: its message, who wrote it, when, where it stands and
 * the operators whose replies were sent. A restricted person's conversation is listed without its
 * subject (null).
 */
export const historyConversation = z.object({
  id: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  receivedAt: z.string(),
  status: messageStatus,
  answeredBy: z.array(operatorName),
});
export type HistoryConversation = z.infer<typeof historyConversation>;

/**
 * A message's sender's history (audited): the earlier conversations of the same address, and of others
 * at the same company domain (`domain` null for a public mail provider's domain, where addresses share
 * nothing but the provider). Spam is left out.
 */
export const senderHistory = z.object({
  address: z.array(historyConversation),
  domain: z.object({ name: z.string(), conversations: z.array(historyConversation) }).nullable(),
});
export type SenderHistory = z.infer<typeof senderHistory>;
