import { describe, expect, it } from 'vitest';
import { businessHoursSettingsOf, firstResponseClockOf } from './derived-settings.js';
import { EnvError, readEnv } from './env.js';

describe('readEnv', () => {
  it('has working defaults for every setting', () => {
    const env = readEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.WEB_ROOT).toMatch(/apps\/web\/build\/client$/);
  });

  it('names every bad value in one clear error', () => {
    expect(() => readEnv({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(EnvError);
    try {
      readEnv({ PORT: '70000', LOG_LEVEL: 'loud' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('LOG_LEVEL');
    }
  });

  it('refuses a headers timeout longer than the request timeout, beside other bad values', () => {
    expect(() => readEnv({ PORT: 'eighty', REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '3000' })).toThrow(
      /PORT[\s\S]*HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS/,
    );
    expect(readEnv({ REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '2000' }).HEADERS_TIMEOUT_MS).toBe(2000);
  });

  it('takes a webhook endpoint from the settings only with its whsec_ secret, https in production, and a timeout within the lease', () => {
    expect(() => readEnv({ WEBHOOK_URL: 'https://crm.example.com/hook' })).toThrow(
      /WEBHOOK_SECRET: is required with WEBHOOK_URL/,
    );
    expect(() => readEnv({ WEBHOOK_URL: 'https://crm.example.com/hook', WEBHOOK_SECRET: 'hunter2' })).toThrow(
      /WEBHOOK_SECRET: must be whsec_/,
    );
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    expect(() =>
      readEnv({ NODE_ENV: 'production', WEBHOOK_URL: 'http://crm.example.com/hook', WEBHOOK_SECRET: secret }),
    ).toThrow(/WEBHOOK_URL: Only https addresses take webhooks in production/);
    expect(() =>
      readEnv({ WEBHOOK_URL: 'https://me:pw@crm.example.com/hook', WEBHOOK_SECRET: secret }),
    ).toThrow(/WEBHOOK_URL: Leave the user name and password out/);
    // Unset, it follows a short lease (as the fault tests set one).
    expect(readEnv({ OUTBOX_LEASE_MS: '2000' }).WEBHOOK_TIMEOUT_MS).toBeUndefined();
    expect(() => readEnv({ WEBHOOK_TIMEOUT_MS: '300000' })).toThrow(
      /WEBHOOK_TIMEOUT_MS: must be shorter than OUTBOX_LEASE_MS/,
    );
    expect(readEnv({ WEBHOOK_URL: 'https://crm.example.com/hook', WEBHOOK_SECRET: secret }).WEBHOOK_URL).toBe(
      'https://crm.example.com/hook',
    );
  });

  it('TRUST_PROXY takes the reverse proxy addresses or CIDRs, and trusts nothing by default', () => {
    expect(readEnv({}).TRUST_PROXY).toEqual([]);
    expect(readEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toEqual([]);
    expect(readEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toEqual([]);
    expect(readEnv({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1, fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses TRUST_PROXY=true, a hop count or a bad address, naming the forms it takes', () => {
    for (const value of ['true', '1', '2', 'proxy.local', '10.0.0.0/33', '::1/129', '10.0.0.0/8/8']) {
      expect(() => readEnv({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: .*the reverse proxy's addresses or CIDRs/,
      );
    }
    expect(() => readEnv({ TRUST_PROXY: 'true' })).toThrow(/every X-Forwarded-For entry/);
    expect(() => readEnv({ TRUST_PROXY: '1' })).toThrow(/hop count/);
  });

  it('keeps IP addresses 30 days by default, and never less than 2 days (the daily rate limit reads them)', () => {
    expect(readEnv({}).IP_RETENTION_DAYS).toBe(30);
    expect(readEnv({ IP_RETENTION_DAYS: '2' }).IP_RETENTION_DAYS).toBe(2);
    expect(() => readEnv({ IP_RETENTION_DAYS: '1' })).toThrow(/IP_RETENTION_DAYS/);
  });

  it('judges spam from 5 points, deletes it after 30 days, with the filter and classifier on, and refuses bad values', () => {
    expect(readEnv({})).toMatchObject({
      SPAM_FILTER: 'on',
      SPAM_THRESHOLD: 5,
      SPAM_RETENTION_DAYS: 30,
      SPAM_CLASSIFIER: 'on',
    });
    expect(readEnv({ SPAM_FILTER: 'off', SPAM_THRESHOLD: '7.5', SPAM_CLASSIFIER: 'off' })).toMatchObject({
      SPAM_FILTER: 'off',
      SPAM_THRESHOLD: 7.5,
      SPAM_CLASSIFIER: 'off',
    });
    expect(() =>
      readEnv({ SPAM_FILTER: 'no', SPAM_THRESHOLD: '0', SPAM_RETENTION_DAYS: '0', SPAM_CLASSIFIER: 'no' }),
    ).toThrow(/SPAM_FILTER[\s\S]*SPAM_THRESHOLD[\s\S]*SPAM_RETENTION_DAYS[\s\S]*SPAM_CLASSIFIER/);
  });

  it('takes business days, hours, holidays and the first-response target, naming the forms when one is wrong', async () => {
    expect(businessHoursSettingsOf(readEnv({}))).toEqual({
      timeZone: 'Europe/Nicosia',
      weekdays: [1, 2, 3, 4, 5],
      hours: [{ start: 540, end: 1080 }],
      holidays: { country: 'CY', closed: [], open: [] },
    });
    const custom = readEnv({
      BUSINESS_DAYS: 'sun-thu',
      BUSINESS_HOURS: '08:30-12:00,13:00-17:30',
      BUSINESS_HOLIDAYS: 'none',
      BUSINESS_CLOSED_DAYS: '2026-12-24, 12-31, orthodox 2',
      BUSINESS_OPEN_DAYS: '10-28',
      FIRST_RESPONSE_TARGET: '1h30m',
    });
    expect(businessHoursSettingsOf(custom)).toMatchObject({
      weekdays: [1, 2, 3, 4, 7],
      hours: [
        { start: 510, end: 720 },
        { start: 780, end: 1050 },
      ],
      holidays: { country: null, closed: ['2026-12-24', '12-31', 'orthodox 2'], open: ['10-28'] },
    });
    expect((await firstResponseClockOf(custom)()).targetMs).toBe(90 * 60_000);
    expect(() =>
      readEnv({
        BUSINESS_DAYS: 'mon-fry',
        BUSINESS_HOURS: '18:00-09:00',
        BUSINESS_HOLIDAYS: 'XX',
        BUSINESS_CLOSED_DAYS: '2026-02-30',
        BUSINESS_OPEN_DAYS: 'christmas',
        FIRST_RESPONSE_TARGET: '4 hours',
      }),
    ).toThrow(
      /BUSINESS_DAYS: mon-fry is not a day[\s\S]*BUSINESS_HOURS: 18:00-09:00 ends before it starts[\s\S]*BUSINESS_HOLIDAYS: XX is not a country[\s\S]*BUSINESS_CLOSED_DAYS: 2026-02-30 is not a date[\s\S]*BUSINESS_OPEN_DAYS: christmas is not a date[\s\S]*FIRST_RESPONSE_TARGET: 4 hours is not a duration/,
    );
  });
});
