import { expect, it } from 'vitest';
import { mailOrigin } from './sender-check.ts';

it('says what DMARC said of any mail, and nothing of a form’s message', () => {
  expect(mailOrigin('fail')).toBe('A mail to the company’s mailbox (DMARC: fail)');
  expect(mailOrigin('pass')).toBe('A mail to the company’s mailbox (DMARC: pass)');
  expect(mailOrigin(null)).toBe('A mail to the company’s mailbox');
});
