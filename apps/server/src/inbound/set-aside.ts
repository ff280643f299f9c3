import type { Db } from '../db/database.js';
import { newMessageId } from '../contact/message-id.js';
import { inboundRepository, type MailboxPlace } from './inbound-repository.js';
import type { ImportSteps, Imported } from './import-steps.js';
import { senderOfRaw } from './raw-sender.js';
import { mailSenderKey, noSenderKey } from './sender-key.js';

/** The name an unreadable mail's raw copy is attached under. */
const RAW_FILE_NAME = 'mail-as-received.eml';

type Options = { siteKey: string; secret: () => string };

export function mailSetAside(db: Db, steps: ImportSteps, options: Options) {
  const repository = inboundRepository(db);
  const { keyOf, placeKey, once, recordKey, recordedBefore, kept, roomFor, senderOverLimit, overLimit } =
    steps;

  /**
   * A mail that cannot be filed as it came (the parser refused it, it names no sender, or filing it
   * failed again and again): a message that says so, from the sender its header names if any, with the
   * mail attached as it arrived (room allowing). Nobody is mailed of it: it waits in the inbox. It counts
   * against its sender's INBOUND_DAILY_LIMIT, and those that name no sender against one key together
   * (decision 082); past the limit it is left in the mailbox, as filed mail is.
   */
  async function setAside(raw: Buffer, place: MailboxPlace, why: string): Promise<Imported> {
    const key = keyOf('imported-mail', `set-aside\n${placeKey(place)}`);
    if (await repository.isRecorded(key)) return recordedBefore(key);
    const sender = senderOfRaw(raw);
    const senderKey = sender ? mailSenderKey(options.secret(), sender) : noSenderKey(options.secret());
    const now = new Date().toISOString();
    if (await senderOverLimit(senderKey, now)) return overLimit(place, key, { messageId: null, senderKey });
    const room = await roomFor(raw.length, now);
    const outcome = await once(place, async (trx) => {
      const id = newMessageId();
      await trx.insertMessage({
        id,
        name: sender ? sender.slice(0, sender.indexOf('@')) : 'Unknown sender',
        email: sender ?? '',
        subject: 'A mail that could not be read',
        message: `A mail from ${sender ?? 'an unknown sender'} could not be read: ${why}. ${
          room
            ? `It is attached as it arrived (${RAW_FILE_NAME}); open it only if you trust its sender.`
            : "It was not kept here: the day's storage for files is full. It is in the mailbox, flagged $ImportFailed."
        }`,
        site_key: options.siteKey,
        received_at: now,
        spam: 0,
        spam_score: null,
        spam_reasons: '[]',
        text_fingerprint: null,
      });
      if (room)
        await trx.insertFiles([
          {
            message_id: id,
            inbound_seq: null,
            file_name: RAW_FILE_NAME,
            size: raw.length,
            content: raw,
            stored_at: now,
          },
        ]);
      await recordKey(trx, key, { messageId: id, senderKey });
      return 'set-aside';
    });
    return kept(outcome, key, '$ImportFailed');
  }

  return setAside;
}
