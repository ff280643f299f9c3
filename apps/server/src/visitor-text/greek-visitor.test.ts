import {
  adminApiPaths,
  CONTACT_PAGE_PATH,
  formFieldNames,
  MESSAGE_SENT_PATH,
  UNSUBSCRIBE_PAGE_PATH,
} from '@site/api-contract';
import { confirmationLinkIn, readMail } from '@site/testing/mail-links';
import { startTestSmtpSink } from '@site/testing/per-test';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { signedInOperator } from '../test/admin-client.js';
import { fromSitePage, postContactForm, sendMessage, validMessage } from '../test/send-message.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { buildTestApp, TEST_SITE_KEY } from '../test/test-app.js';
import type { TestStorage } from '../test/test-storage.js';
import { createUnsubscribeToken } from '../privacy/unsubscribe-token.js';
import { el } from './el.js';
import { en } from './en.js';

const SECRET = 'greek-visitor-test-secret-0123456789abcdef';
let app: FastifyInstance;
let storage: TestStorage;

async function start(settings: Record<string, string> = {}) {
  ({ app, storage } = await buildTestApp({
    APP_SECRET: SECRET,
    CONTACT_RATE_PER_MINUTE: '100',
    CONTACT_RATE_PER_DAY: '1000',
    ...settings,
  }));
}

const greekForm = {
  [formFieldNames.siteKey]: TEST_SITE_KEY,
  [formFieldNames.language]: 'el',
  name: 'Μαρία Παπαδοπούλου',
  email: 'maria@example.com',
  subject: 'Τιμές',
  message: 'Καλημέρα σας, θα ήθελα μια προσφορά.',
  website: '',
};

/** A form post as Chromium sends it from the Greek /el/contact page. */
const postGreekForm = (
  fields: Record<string, string>,
  referer = `http://localhost:80/el${CONTACT_PAGE_PATH}`,
) => postContactForm(app, fields, fromSitePage(referer));

describe('a visitor on the Greek pages', () => {
  it('is sent to the Greek thank-you page, and the message keeps its language', async () => {
    await start();
    const response = await postGreekForm(greekForm);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/el${MESSAGE_SENT_PATH}`);
    expect(await readRows(storage, 'select name, language from messages')).toEqual([
      { name: 'Μαρία Παπαδοπούλου', language: 'el' },
    ]);
  });

  it('reads a 400 page in Greek, each field named by its Greek label, with a link back to the Greek form', async () => {
    await start();
    const response = await postGreekForm({ ...greekForm, name: ' ', email: 'maria@' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<html lang="el">');
    expect(response.body).toContain(`<h1>${el.form.notSent}</h1>`);
    expect(response.body).toContain(
      '<li><strong>Ονοματεπώνυμο:</strong> Παρακαλούμε συμπληρώστε το ονοματεπώνυμό σας.</li>',
    );
    expect(response.body).toContain(
      '<li><strong>E-mail:</strong> Παρακαλούμε συμπληρώστε μια έγκυρη διεύθυνση e-mail.</li>',
    );
    expect(response.body).toContain(`href="/el${CONTACT_PAGE_PATH}#contact"`);
    expect(response.body).toContain('<a href="/el">Αρχική σελίδα της Test Company</a>');
  });

  it('takes the language from the page it came from when the form does not say it', async () => {
    await start();
    const withoutLanguage = Object.fromEntries(
      Object.entries(greekForm).filter(([field]) => field !== formFieldNames.language),
    );
    const response = await postGreekForm({ ...withoutLanguage, subject: '' }, 'http://localhost:80/el');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<html lang="el">');
    expect(response.body).toContain('Θέμα:</strong> Παρακαλούμε συμπληρώστε το θέμα.');
  });

  it('reads the 403, 413 and 429 pages in Greek, the wait written out in Greek', async () => {
    await start({ CONTACT_RATE_PER_MINUTE: '1' });
    const forbidden = await postGreekForm({ ...greekForm, [formFieldNames.siteKey]: 'not-a-site' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).toContain(
      el.form.forbidden('<a href="mailto:support@test.example">support@test.example</a>'),
    );
    const tooLarge = await postGreekForm({ ...greekForm, message: 'α'.repeat(40_000) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.body).toContain(`<h1>${el.form.tooLongTitle}</h1>`);
    expect((await postGreekForm(greekForm)).statusCode).toBe(303);
    const limited = await postGreekForm(greekForm);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain(`<h1>${el.form.waitTitle}</h1>`);
    expect(limited.body).toMatch(/ξανά σε \d+ δευτερόλεπτα\./);
  });

  it('gets field errors in Greek from the JSON API when the message says it is Greek', async () => {
    await start();
    const response = await sendMessage(app, { ...validMessage, language: 'el', message: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ message: 'Παρακαλούμε συμπληρώστε το μήνυμά σας.' });
    const unknown = await sendMessage(app, { ...validMessage, language: 'de' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fields)).toEqual(['language']);
  });

  it('gets the double opt-in mail in Greek, whose link opens Greek pages through to the confirmation', async () => {
    const smtp = await startTestSmtpSink();
    await start({ SMTP_URL: smtp.url });
    const sent = await sendMessage(app, { ...validMessage, language: 'el', marketingConsent: true });
    expect(sent.statusCode).toBe(201);
    await expect.poll(() => smtp.mails.length, { timeout: 5000, interval: 20 }).toBe(2);
    const mail = smtp.mails.find((each) => each.to.includes(validMessage.email))!;
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe(el.confirmationMail.subject('Test Company'));
    expect(parsed.text).toMatch(/^Γεια σας,\n/);
    expect(mail.raw).not.toContain(validMessage.name);
    const link = confirmationLinkIn((await readMail(mail.raw)).text)!;
    expect(new URL(link.url).searchParams.get('lang')).toBe('el');

    const page = await app.inject(`${new URL(link.url).pathname}${new URL(link.url).search}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="el">');
    expect(page.body).toContain(`<button type="submit">${el.confirm.button}</button>`);
    expect(page.body).toContain(`name="${formFieldNames.language}" value="el"`);
    const done = await app.inject({
      method: 'POST',
      url: '/api/confirm-subscription',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: new URLSearchParams({ token: link.token, [formFieldNames.language]: 'el' }).toString(),
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(`<h1>${el.confirm.doneTitle}</h1>`);

    const notification = smtp.mails.find((each) => !each.to.includes(validMessage.email))!;
    expect((await readMail(notification.raw)).text).toContain('Language: Greek (el)');
  });

  it("gets an operator's reply with the line above the quoted message in Greek, the date written in Greek", async () => {
    const smtp = await startTestSmtpSink();
    await start({ SMTP_URL: smtp.url });
    const { name, email, subject, message } = greekForm;
    const sent = await sendMessage(app, { name, email, subject, message, language: 'el' });
    expect(sent.statusCode).toBe(201);
    const { id } = sent.json<{ id: string }>();
    await writeRows(
      storage,
      `update messages set received_at = '2026-11-29T08:20:00.000Z' where id = '${id}'`,
    );
    const anna = await signedInOperator(app, storage, 'anna@example.com');
    const reply = await anna.post(`${adminApiPaths.messages}/${id}/replies`, {
      text: 'Καλημέρα σας,\nσας στέλνουμε την προσφορά.',
      basedOn: 0,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const replied = () => smtp.mails.find((mail) => mail.to.includes(greekForm.email));
    await expect.poll(replied, { timeout: 5000, interval: 20 }).toBeDefined();
    expect((await simpleParser(replied()!.raw)).text).toContain(
      'Στις 29 Νοεμβρίου 2026, 08:20 UTC, ο/η Μαρία Παπαδοπούλου <maria@example.com> έγραψε:\n' +
        '> Καλημέρα σας, θα ήθελα μια προσφορά.',
    );
  });

  it('reads the unsubscribe pages, and a broken link, in Greek', async () => {
    await start();
    const token = createUnsubscribeToken('maria@example.com', SECRET);
    const page = await app.inject(`${UNSUBSCRIBE_PAGE_PATH}?token=${token}&lang=el`);
    expect(page.body).toContain(`<h1>${el.unsubscribe.title}</h1>`);
    const broken = await app.inject(`${UNSUBSCRIBE_PAGE_PATH}?token=broken&lang=el`);
    expect(broken.statusCode).toBe(400);
    expect(broken.body).toContain(`<h1>${el.unsubscribe.invalidTitle}</h1>`);
    const english = await app.inject(`${UNSUBSCRIBE_PAGE_PATH}?token=broken&lang=xx`);
    expect(english.body).toContain(`<h1>${en.unsubscribe.invalidTitle}</h1>`);
    expect(english.body).toContain('<html lang="en">');
  });

  it('gets the Greek not-found page at an unknown Greek address', async () => {
    await start();
    const response = await app.inject('/el/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Η σελίδα δεν βρέθηκε');
    expect((await app.inject('/no-such-page')).body).toContain('Page not found');
  });
});

describe('the inbox', () => {
  it("shows each message's language and filters by it", async () => {
    await start();
    await sendMessage(app, { ...validMessage, subject: 'In English' });
    await sendMessage(app, { ...validMessage, subject: 'Στα ελληνικά', language: 'el' });
    const browser = await signedInOperator(app, storage, 'anna@example.com');
    const list = async (query: string) =>
      (await browser.get(`${adminApiPaths.messages}${query}`)).json<{
        messages: { subject: string; language: string }[];
      }>().messages;
    expect(await list('')).toEqual([
      expect.objectContaining({ subject: 'Στα ελληνικά', language: 'el' }),
      expect.objectContaining({ subject: 'In English', language: 'en' }),
    ]);
    expect((await list('?language=el')).map((m) => m.subject)).toEqual(['Στα ελληνικά']);
    expect((await list('?language=en&status=new')).map((m) => m.subject)).toEqual(['In English']);
    expect((await browser.get(`${adminApiPaths.messages}?language=de`)).statusCode).toBe(400);
  });
});

describe('the visitor texts', () => {
  it('hold no markup of their own, so a page can put them in HTML as they are', () => {
    const strings = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : typeof value === 'function'
          ? [String((value as (...args: string[]) => string)('A', 'B', 'C', 'D'))]
          : Object.values(value as object).flatMap(strings);
    for (const text of [...strings(en), ...strings(el)]) expect(text).not.toMatch(/[<&]/);
  });
});
