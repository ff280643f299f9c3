import type { SpamVerdict } from '@site/api-contract';
import { newMessageId } from '../contact/message-id.js';
import { answerReopens, statusChanges } from '../contact/message-status.js';
import { messageStatusRepository } from '../contact/message-status-repository.js';
import type { Db } from '../db/database.js';
import { announce } from '../queue/events.js';
import { verdictColumns } from '../spam/message-verdict.js';
import type { JudgeMessage } from '../spam/spam-filter.js';
import type { InboundMail } from './inbound-mail.js';
import type { InboundRepository } from './inbound-repository.js';

/** The stored message a mail answers, with what decides how the answer is filed. */
export type Conversation = NonNullable<Awaited<ReturnType<InboundRepository['conversationAmong']>>>;

const storeFiles = (
  trx: InboundRepository,
  mail: InboundMail,
  messageId: string,
  inboundSeq: number | null,
  now: string,
) =>
  trx.insertFiles(
    mail.attachments.map((file) => ({
      message_id: messageId,
      inbound_seq: inboundSeq,
      file_name: file.fileName,
      size: file.content.length,
      content: file.content,
      stored_at: now,
    })),
  );

/**
 * A visitor's answer, filed in the import's transaction (`trx` through the inbound repository), with its
 * verdict (`spam` also in a spam conversation). Unless automatic, spam, or in a conversation whose processing is
 * restricted, it reopens the message and the company is told (`told`: the workers to wake after commit).
 */
export async function fileAnswer(
  trx: InboundRepository,
  transaction: Db,
  mail: InboundMail,
  conversation: Conversation,
  verdict: SpamVerdict,
  now: string,
) {
  const spam = verdict === 'spam';
  const seq = await trx.insertAnswer({
    message_id: conversation.id,
    from_name: mail.fromName,
    from_address: mail.fromAddress,
    subject: mail.subject,
    body: mail.text,
    mail_id: mail.mailId ?? null,
    automatic: mail.automatic ? 1 : 0,
    received_at: now,
    spam: spam ? 1 : 0,
    spam_verdict: verdict,
    dmarc: mail.dmarc ?? null,
  });
  await storeFiles(trx, mail, conversation.id, seq, now);
  if (!answerReopens({ automatic: mail.automatic, spam, restricted: conversation.restricted === 1 }))
    return { seq, told: [] };
  await messageStatusRepository(transaction).change(conversation.id, statusChanges.answerReceived);
  const told = await announce(transaction, {
    kind: 'answer.received',
    messageId: conversation.id,
    inboundSeq: seq,
    at: now,
  });
  return { seq, told };
}

/** A mail that names no conversation: a message of its own, filed under `siteKey`, with its DMARC outcome. */
export async function fileMessage(
  trx: InboundRepository,
  mail: InboundMail,
  verdict: Awaited<ReturnType<JudgeMessage>>,
  siteKey: string,
  now: string,
) {
  const id = newMessageId();
  await trx.insertMessage({
    id,
    name: mail.fromName || mail.fromAddress.slice(0, mail.fromAddress.indexOf('@')),
    email: mail.fromAddress,
    subject: mail.subject || '(no subject)',
    message: mail.text,
    site_key: siteKey,
    received_at: now,
    ...verdictColumns(verdict),
    dmarc: mail.dmarc ?? null,
  });
  await storeFiles(trx, mail, id, null, now);
  return id;
}
