import { describe, expect, it } from 'vitest';
import { visitorAgent } from './visitor-agent.js';

const chromeDesktop =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1';
const androidPhone =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36';
const androidTablet =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const ipad =
  'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

describe("a page request's agent", () => {
  it("counts a person's browser, with its device class", () => {
    expect(visitorAgent({ 'user-agent': chromeDesktop })).toEqual({ counted: true, device: 'desktop' });
    expect(visitorAgent({ 'user-agent': firefox })).toEqual({ counted: true, device: 'desktop' });
    expect(visitorAgent({ 'user-agent': iphone })).toEqual({ counted: true, device: 'mobile' });
    expect(visitorAgent({ 'user-agent': androidPhone })).toEqual({ counted: true, device: 'mobile' });
    expect(visitorAgent({ 'user-agent': androidTablet })).toEqual({ counted: true, device: 'tablet' });
    expect(visitorAgent({ 'user-agent': ipad })).toEqual({ counted: true, device: 'tablet' });
  });

  it('takes a phone from Chromium’s mobile client hint when the user agent hides it', () => {
    expect(visitorAgent({ 'user-agent': chromeDesktop, 'sec-ch-ua-mobile': '?1' })).toEqual({
      counted: true,
      device: 'mobile',
    });
  });

  it('leaves out crawlers and HTTP libraries that say what they are', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
      'curl/8.5.0',
      'python-requests/2.32.3',
      'Go-http-client/1.1',
      'Wget/1.21.4',
    ])
      expect(visitorAgent({ 'user-agent': agent }), agent).toEqual({
        counted: false,
        reason: 'declared-bot',
      });
  });

  it('leaves out headless browsers, also when a script gave Chromium a person’s user agent', () => {
    expect(
      visitorAgent({
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36',
      }),
    ).toEqual({ counted: false, reason: 'headless' });
    expect(
      visitorAgent({
        'user-agent': chromeDesktop,
        'sec-ch-ua': '"Chromium";v="142", "HeadlessChrome";v="142", "Not_A Brand";v="24"',
      }),
    ).toEqual({ counted: false, reason: 'headless' });
    // A script set a person's user agent, and Chromium's client hints still name its own version.
    expect(
      visitorAgent({
        'user-agent': chromeDesktop,
        'sec-ch-ua': '"Not:A-Brand";v="8", "Chromium";v="156"',
      }),
    ).toEqual({ counted: false, reason: 'headless' });
    expect(
      visitorAgent({
        'user-agent': chromeDesktop,
        'sec-ch-ua': '"Chromium";v="142", "Google Chrome";v="142", "Not_A Brand";v="99"',
      }),
    ).toEqual({ counted: true, device: 'desktop' });
    expect(
      visitorAgent({
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/78.0.3904.130 Electron/7.3.2 Safari/537.36 PingdomTMS/2020.2',
      }),
    ).toEqual({ counted: false, reason: 'headless' });
  });

  it('leaves out a request with no user agent, and reads only the start of a very long one', () => {
    expect(visitorAgent({})).toEqual({ counted: false, reason: 'no-agent' });
    expect(visitorAgent({ 'user-agent': '  ' })).toEqual({ counted: false, reason: 'no-agent' });
    const padded = `${chromeDesktop} ${'x'.repeat(100_000)} HeadlessChrome`;
    expect(visitorAgent({ 'user-agent': padded })).toEqual({ counted: true, device: 'desktop' });
  });
});
