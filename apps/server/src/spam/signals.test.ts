import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentSignals, readContent, scriptPattern, scriptsOf } from './content-signals.js';
import { timingSignals } from './page-timing.js';
import { senderSignals } from './sender-signal.js';
import { messageTokens, type SpamText } from './spam-text.js';
import { detailOf } from './reason-details.js';
import type { Reason } from './reasons.js';

/** A reason with its text, as the inbox shows it. */
const withDetail = (reason: Reason) => ({ ...reason, detail: detailOf(reason) });

const english = scriptPattern(scriptsOf(['en']));
const plain: SpamText = {
  name: 'Anna Georgiou',
  email: 'anna@example.com',
  subject: 'CRM for our agency',
  body: 'Hello, we are a team of twelve in Nicosia and would like to see a demo of the CRM next week.',
};
const signalsOf = (body: string, subject = plain.subject) =>
  contentSignals({ ...plain, subject, body }, english).map((reason) => reason.signal);

describe('each spam signal on its own', () => {
  it('finds nothing in an ordinary enquiry', () => {
    expect(contentSignals(plain, english)).toEqual([]);
    expect(senderSignals(plain.email)).toEqual([]);
    expect(timingSignals({ kind: 'served', at: 0 }, 60_000)).toEqual([]);
  });

  it('gives links no points of their own: how many there are is a token the classifier learns', () => {
    const three =
      'Three references: https://a.example, https://b.example and https://c.example, for the project we discussed last week with your sales team.';
    const wall = Array.from({ length: 12 }, (_, n) => `https://s${n}.example/cheap-seo`).join(' ');
    expect(signalsOf('Our site is https://example.com and www.example.org.')).toEqual([]);
    expect(signalsOf(three)).toEqual([]);
    expect(signalsOf(wall)).toEqual([]);
    expect(messageTokens({ ...plain, body: three })).toContain('shape:links:3');
    expect(messageTokens({ ...plain, body: wall })).toContain('shape:links:5');
  });

  it('flags links hidden behind a shortener', () => {
    expect(signalsOf('See the offer at https://bit.ly/3xYz')).toEqual(['link-shortener']);
  });

  it('flags BBCode and HTML pasted into the plain-text form', () => {
    expect(signalsOf('Great post [url=http://x.example]cheap[/url]')).toContain('markup');
    expect(signalsOf('Hello <a href="http://x.example">here</a>')).toContain('markup');
    expect(signalsOf('Our budget is < 5,000 EUR and > 2,000 EUR')).toEqual([]);
    // A tag left open is no tag, whatever comes after it; the next one still counts.
    expect(signalsOf('See <a and [url= then <b>bold</b>')).toEqual(['markup']);
    expect(signalsOf('Is x <a or is [b=1 more?')).toEqual([]);
  });

  it('reads the first 50,000 characters of a text, however long it is', () => {
    const filler = 'Hello there. '.repeat(3_000);
    expect(signalsOf(`${filler}<b>bold</b>`)).toEqual(['markup']);
    expect(signalsOf(`${filler}${filler}<b>bold</b>`)).toEqual([]);
  });

  it("flags a text mostly in a script the site is not written in, and not one in the site's own", () => {
    expect(signalsOf('Здравствуйте, предлагаем продвижение вашего сайта в поисковых системах')).toEqual([
      'foreign-script',
    ]);
    expect(signalsOf('你好，我们提供网站推广服务，价格优惠，欢迎联系我们了解详情')).toEqual([
      'foreign-script',
    ]);
    const greekSite = scriptPattern(scriptsOf(['en', 'el']));
    const greek = { ...plain, body: 'Καλησπέρα σας, θα θέλαμε μια προσφορά για το CRM της εταιρείας μας.' };
    expect(contentSignals(greek, greekSite)).toEqual([]);
    expect(contentSignals(greek, english).map((reason) => reason.signal)).toEqual(['foreign-script']);
  });

  it('leaves characters repeated many times to the classifier: as a signal of its own it decided nothing', () => {
    expect(signalsOf('BEST PRICE!!!!!! call now')).toEqual([]);
    expect(signalsOf('aaaaaaaaaaaaaaaaaaaaaa')).toEqual([]);
    expect(signalsOf('So good, thank you ωωωωωω’')).toEqual([]);
  });

  it('flags filler: ten empty lines in a row, and random letters appended to make each copy differ', () => {
    expect(signalsOf(`See you soon${'\n'.repeat(12)}`)).toEqual(['padding']);
    expect(signalsOf(`See you soon\n\n\nBest regards`)).toEqual([]);
    expect(signalsOf('Call me today mcmfkhcpedgetqj')).toEqual(['random-letters']);
    expect(signalsOf('Brzęczyszczykiewicz and Schwarzschild send their strengths')).toEqual([]);
    expect(signalsOf('see https://example.com/xwkqvvjfswlmmrhe')).toEqual([]);
    // The same in a text with a character past Latin-1 (a typographic quote), and digits glued on.
    expect(signalsOf('Call me today’ mcmfkhcpedgetqj')).toEqual(['random-letters']);
    expect(signalsOf('Order ref mcmfkhcpedgetqj42 attached')).toEqual([]);
  });

  it('flags invisible characters slipped between letters', () => {
    expect(signalsOf('V\u200Bi\u200Ba\u200Bg\u200Br\u200Ba')).toEqual(['hidden-characters']);
  });

  it('flags a throwaway address, and a subdomain of a throwaway service', () => {
    expect(senderSignals('bot@mailinator.com')).toEqual([
      expect.objectContaining({ signal: 'throwaway-address', points: 2 }),
    ]);
    expect(senderSignals('bot@33mail.com')).toHaveLength(1);
    expect(senderSignals('anna@gmail.com')).toEqual([]);
  });

  it('flags a form sent within seconds of its page, or with no page served at all, but not from a partner site', () => {
    expect(timingSignals({ kind: 'served', at: 10_000 }, 11_200).map(withDetail)).toEqual([
      expect.objectContaining({ signal: 'too-fast', points: 4, detail: expect.stringContaining('1.2 s') }),
    ]);
    expect(timingSignals({ kind: 'no-page' }, 0)).toEqual([
      expect.objectContaining({ signal: 'no-page', points: 3 }),
    ]);
    expect(timingSignals({ kind: 'cross-site' }, 0)).toEqual([]);
  });

  it('never throws on hostile text: huge, binary, every script, zero-width, lone surrogates', () => {
    const hostile = [
      'x'.repeat(1_000_000),
      String.fromCharCode(...Array.from({ length: 5000 }, (_, index) => index % 65_536)),
      '\uD800\uDC00\uD800 \uDFFF',
      '\u0000\u0001\u0002'.repeat(1000),
      'ا'.repeat(5000) + 'ㅋ'.repeat(5000) + '𓀀'.repeat(5000),
      '\u200B'.repeat(10_000),
      'http://' + 'a.'.repeat(10_000),
    ];
    for (const body of hostile) {
      expect(() => contentSignals({ ...plain, body, subject: body.slice(0, 300) }, english)).not.toThrow();
      expect(() => senderSignals(body)).not.toThrow();
    }
  });

  it('answers an ordinary text by one test, as every signal read in full would', () => {
    const pieces = [
      ...['Hello', 'we', 'plan', 'rhythm', 'strengths', 'bcdfgh', 'aaaaaa', 'Soooooo', '-----', '......'],
      ...[
        ' ',
        '  ',
        '\n',
        '\r\n',
        '\t',
        '.',
        ',',
        '!',
        '!!!!',
        '??!?',
        '$$$$',
        '€€€€',
        ':',
        '/',
        '[',
        ']',
        '<',
        '>',
      ],
      ...[
        'http://',
        'https://bit.ly/x',
        'www.',
        'example.com',
        '[url=x]',
        '[b]',
        '<a href=x>',
        '<p>',
        '</div>',
      ],
      ...[
        'é',
        'µ',
        'Καλημέρα',
        'Привет',
        '中文',
        '\u200b',
        '\u00ad',
        '\n\n\n\n\n\n',
        '\r\n \r\n \r\n \r\n',
        '\n\t\n \n\t\n \n',
        '\r\n '.repeat(12),
      ],
    ];
    const text = fc.array(fc.constantFrom(...pieces), { maxLength: 30 }).map((list) => list.join(''));
    fc.assert(
      fc.property(text, text, (subject, body) => {
        const message = { ...plain, subject, body };
        expect(contentSignals(message, english)).toEqual(
          readContent(message, `${subject}\n${body}`, english),
        );
      }),
      { numRuns: 5_000 },
    );
  });
});
