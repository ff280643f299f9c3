import { describe, expect, it } from 'vitest';
import { mailFrom } from '../test/mail-conversation.js';
import { dmarcResult } from './authentication-results.js';
import { type ReadingOptions, readInboundMail } from './inbound-mail.js';
import { senderOfRaw } from './raw-sender.js';

const reading: ReadingOptions = { maxAttachmentBytes: 1_000_000, authservId: undefined };
const read = (raw: string, options = reading) => readInboundMail(Buffer.from(raw, 'latin1'), options);

// eslint-disable-next-line no-control-regex -- what no stored header may hold
const controls = /[\u0000-\u0008\u000b-\u001f\u007f]/;

describe('a mail read as hostile input', () => {
  it('keeps no NUL or other control character in any header it stores', async () => {
    const mail = await read(
      mailFrom(
        {
          From: 'Jane\u0001 Doe <jane@example.com>',
          To: 'support@test.example',
          Subject: 'Hello\u0000 there\u001b[31m',
          'Message-ID': '<id\u0000x@example.com>',
          'In-Reply-To': '<reply-1\u0000@test.example> <clean@test.example>',
        },
        'Text\u0000 with a NUL.',
      ),
    );
    for (const value of [mail.mailId ?? '', ...mail.answers, mail.fromName, mail.subject, mail.text])
      expect(value).not.toMatch(controls);
    expect(mail.answers).toContain('<clean@test.example>');
  });

  it('knows automatic mail by every RFC 3834 and list header, a repeated one included', async () => {
    const automatic = async (headers: Record<string, string>) =>
      (await read(mailFrom({ From: 'a@example.org', ...headers }, 'Away.'))).automatic;
    expect(await automatic({ Precedence: 'auto_reply' })).toBe(true);
    expect(await automatic({ 'List-Id': 'News <news.example.org>' })).toBe(true);
    expect(await automatic({ 'Auto-Submitted': 'auto-replied' })).toBe(true);
    expect(
      (
        await read(
          'From: a@example.org\r\nAuto-Submitted: no\r\nAuto-Submitted: auto-generated\r\nSubject: x\r\n\r\nHi\r\n',
        )
      ).automatic,
    ).toBe(true);
    expect(await automatic({ 'Auto-Submitted': 'no' })).toBe(false);
  });

  it('believes only the topmost Authentication-Results, and with INBOUND_AUTHSERV_ID only that server', async () => {
    const forged = mailFrom(
      {
        'Authentication-Results': 'mx.test.example; dmarc=fail header.from=example.com',
        'X-Other': 'x',
        From: 'jane@example.com',
      },
      'Hi',
    ).replace('X-Other: x', 'Authentication-Results: evil.example; dmarc=pass');
    expect((await read(forged)).dmarc).toBe('fail');
    expect((await read(forged, { ...reading, authservId: 'mx.test.example' })).dmarc).toBe('fail');
    expect((await read(forged, { ...reading, authservId: 'evil.example' })).dmarc).toBeUndefined();
    expect(dmarcResult(' mx 1; spf=pass; dmarc=bestguesspass', undefined)).toBe('other');
    expect(dmarcResult('mx; spf=pass', undefined)).toBeUndefined();
    expect(dmarcResult(`mx; ${'dmarc '.repeat(10_000)}`, undefined)).toBeUndefined();
  });

  it('shows the real address beside a display name that holds one', async () => {
    const mail = await read(mailFrom({ From: '"ceo@company.example" <eve@evil.example>' }, 'Pay now.'));
    expect(mail.fromName).toBe('ceo@company.example <eve@evil.example>');
    expect((await read(mailFrom({ From: 'Jane Doe <jane@example.com>' }, 'Hi'))).fromName).toBe('Jane Doe');
  });

  it("finds an unreadable mail's sender without the parser, only as an address the forms take", () => {
    const raw = (head: string) => Buffer.from(`${head}\r\n\r\nbody`, 'latin1');
    expect(senderOfRaw(raw('Subject: x\r\nFrom: Mallory <Mallory@Example.net>'))).toBe('mallory@example.net');
    expect(senderOfRaw(raw('from: bob@example.org'))).toBe('bob@example.org');
    expect(senderOfRaw(raw('From: undisclosed-recipients:;'))).toBeUndefined();
    expect(senderOfRaw(raw('Subject: no sender'))).toBeUndefined();
    expect(senderOfRaw(Buffer.from('Subject: x\r\n\r\nFrom: body@example.org'))).toBeUndefined();
  });
});
