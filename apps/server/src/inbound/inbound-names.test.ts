import { createTransport } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { readInboundMail } from './inbound-mail.js';

/** A mail with files of these names, built as a mail client builds one, read as the import reads it. */
async function readWithFiles(fileNames: string[]) {
  const raw = (
    await createTransport({ streamTransport: true, buffer: true }).sendMail({
      from: 'jane@example.com',
      to: 'support@test.example',
      subject: 'Files',
      text: 'See the files.',
      attachments: fileNames.map((filename) => ({ filename, content: 'x' })),
    })
  ).message as Buffer;
  return readInboundMail(raw, { maxAttachmentBytes: 1_000_000, authservId: undefined });
}

/** The sender address the import keeps of a mail whose From header is `from`, as it came (UTF-8). */
const fromAddressOf = async (from: string) =>
  (
    await readInboundMail(
      Buffer.from(`From: ${from}\r\nTo: support@test.example\r\nSubject: Hi\r\n\r\nHello\r\n`),
      { maxAttachmentBytes: 1000, authservId: undefined },
    )
  ).fromAddress;

const namesOf = async (fileNames: string[]) =>
  (await readWithFiles(fileNames)).attachments.map((file) => file.fileName);

describe('file names of imported mail show what the file is', () => {
  it('loses zero-width, format and filler characters that hide part of a name', async () => {
    expect(
      await namesOf([
        'a\u200Bb\uFEFF.exe',
        'invoice\u200D\u2060.pdf\u00AD.exe',
        'report\u3164\u3164.pdf.exe',
        'x\u202Efdp.exe',
        'tag\u{E0041}s.exe',
      ]),
    ).toEqual(['ab.exe', 'invoice.pdf.exe', 'report.pdf.exe', 'xfdp.exe', 'tags.exe']);
  });

  it('collapses runs of blanks that would push an extension out of sight', async () => {
    expect(
      await namesOf([
        `invoice.pdf${' '.repeat(150)}.exe`,
        `invoice.pdf${'\u2003\u00A0\u2800'.repeat(50)}.exe`,
        `  padded\t\tname .txt  `,
      ]),
    ).toEqual(['invoice.pdf .exe', 'invoice.pdf .exe', 'padded name .txt']);
  });

  it('cuts a long name at 200 characters without splitting one in two', async () => {
    const [cut] = await namesOf([`${'a'.repeat(199)}😀😀.txt`]);
    expect(cut).toBe(`${'a'.repeat(199)}😀`);
    expect(cut).not.toMatch(/[\uD800-\uDFFF]/u);
    expect([...cut!]).toHaveLength(200);
  });

  it('names a file that is nothing but invisible characters by its number', async () => {
    expect(await namesOf(['\u200B\u200B', '\u202E.\u200B'])).toEqual(['attachment-1', 'attachment-2']);
  });
});

describe('the sender address of imported mail', () => {
  it('loses direction marks and zero-width characters, and is kept in its normal form', async () => {
    expect(await fromAddressOf('abc\u202Eexe.pdf@x.example')).toBe('abcexe.pdf@x.example');
    expect(await fromAddressOf('Jane <Ja\u200Bne@Ex\u2060ample.COM>')).toBe('jane@example.com');
    expect(await fromAddressOf('Anna <anna@xn--bcher-kva.example>')).toBe('anna@xn--bcher-kva.example');
    expect(await fromAddressOf('"John Smith" <"John Smith"@Example.org>')).toBe('"john smith"@example.org');
  });
});
