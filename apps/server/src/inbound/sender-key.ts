import { keyedHash } from '../security/secret-token.js';

/**
 * What an imported mail keeps of its sender (`imported_mails.sender_key`): a keyed hash of the address in
 * its normal form, which counts the sender's mails a day and finds their copies when they are erased,
 * and names no one without APP_SECRET.
 */
export const mailSenderKey = (secret: string, address: string) => keyedHash(secret, 'mail-sender', address);

/**
 * The one sender key of every mail that names no sender (decision 082), so that INBOUND_DAILY_LIMIT
 * counts them together as one sender's. No address is empty, so it is nobody's key: no erasure finds it.
 */
export const noSenderKey = (secret: string) => mailSenderKey(secret, '');
