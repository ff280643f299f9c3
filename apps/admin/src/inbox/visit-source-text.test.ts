import { describe, expect, it } from 'vitest';
import { visitSourceText } from './visit-source-text.ts';

const none = { utmSource: null, utmMedium: null, utmCampaign: null, utmTerm: null, utmContent: null };

describe('the visit a message came from, as the message view says it', () => {
  it('names the landing page, the referring site and the campaign fields there are', () => {
    expect(
      visitSourceText({
        ...none,
        landingPage: '/el/contact',
        referrerHost: 'www.linkedin.com',
        utmSource: 'linkedin',
        utmMedium: 'social',
        utmCampaign: 'q4-crm',
        language: 'el',
      }),
    ).toBe('Landed on /el/contact, from www.linkedin.com, campaign linkedin / social / q4-crm');
    expect(visitSourceText({ ...none, landingPage: '/', referrerHost: null, language: 'en' })).toBe(
      'Landed on /, with no referring site',
    );
  });

  it('says when no visit was counted', () => {
    expect(visitSourceText(null)).toBe('Not known: no page view counted that day');
  });
});
