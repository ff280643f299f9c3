import { expect, it } from 'vitest';
import { DMARC_FAILED_LABEL, mailOrigin } from './sender-check.ts';

it('says in words that a mail’s sender is not verified, and what DMARC said of any mail', () => {
  expect(DMARC_FAILED_LABEL).toBe('Sender not verified (DMARC failed)');
  expect(mailOrigin('fail')).toBe('A mail to the company’s mailbox (DMARC: fail)');
  expect(mailOrigin('pass')).toBe('A mail to the company’s mailbox (DMARC: pass)');
  expect(mailOrigin(null)).toBe('A mail to the company’s mailbox');
});
