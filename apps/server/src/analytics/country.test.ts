import type { AnalyticsReport } from '@site/api-contract';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeCountryDatabase } from '../test/country-database-file.js';
import { messagesInProcess } from '../test/messages-in-process.js';
import { navigationHeaders } from '../test/page-visits.js';
import { readRows } from '../test/stored-rows.js';
import { buildTestApp, writeTestSite } from '../test/test-app.js';

const fileIn = (name: string) => join(mkdtempSync(join(tmpdir(), 'country-')), name);

/** Serves the home page to each address (behind the trusted proxy), then writes the views (close). */
async function visit(settings: Record<string, string>, addresses: string[]) {
  const { app, storage } = await buildTestApp({ TRUST_PROXY: '127.0.0.1', ...settings }, writeTestSite());
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  for (const ip of addresses) {
    const headers = { 'x-forwarded-for': ip, ...navigationHeaders() };
    expect((await fetch(`${origin}/`, { headers })).status).toBe(200);
  }
  await app.close();
  return storage;
}

describe('the country of a view, only from a local MaxMind-format file', () => {
  it('is looked up in ANALYTICS_GEOIP_DB, counted per visitor, and given in the figures; the address is stored nowhere', async () => {
    const file = fileIn('countries.mmdb');
    writeCountryDatabase(file, { '198.51.100.0/24': 'CY', '203.0.113.0/25': 'GR' });
    const storage = await visit({ ANALYTICS_GEOIP_DB: file }, [
      '198.51.100.7',
      '198.51.100.7',
      '198.51.100.8',
      '203.0.113.9',
      // Outside every network of the file: counted, without a country.
      '203.0.113.200',
    ]);
    const views = await readRows(storage, 'select * from analytics_views order by seq');
    expect(views.map((view) => view.country)).toEqual(['CY', 'CY', 'CY', 'GR', null]);
    expect(JSON.stringify(views)).not.toMatch(/198\.51|203\.0|Mozilla/);

    const cli = await messagesInProcess(storage, 'analytics', '--json');
    expect(cli.code, cli.err).toBe(0);
    const { current } = JSON.parse(cli.out) as AnalyticsReport;
    expect(current.visitors).toBe(4);
    expect(current.countries).toEqual([
      { country: 'CY', visitors: 2, pageViews: 3 },
      { country: 'GR', visitors: 1, pageViews: 1 },
    ]);
    const text = await messagesInProcess(storage, 'analytics');
    expect(text.out).toContain('Countries:\n  2  CY\n  1  GR');
  });

  it('is never looked up without the setting', async () => {
    const storage = await visit({}, ['198.51.100.7', '203.0.113.9']);
    expect(await readRows(storage, 'select country from analytics_views')).toEqual([
      { country: null },
      { country: null },
    ]);
    const { current } = JSON.parse(
      (await messagesInProcess(storage, 'analytics', '--json')).out,
    ) as AnalyticsReport;
    expect([current.visitors, current.countries]).toEqual([2, []]);
  });

  it('stops the start, naming the setting, when the file is missing or no MaxMind database', async () => {
    const missing = fileIn('missing.mmdb');
    await expect(buildTestApp({ ANALYTICS_GEOIP_DB: missing })).rejects.toThrow(
      `ANALYTICS_GEOIP_DB: ${missing} is not a readable MaxMind database (.mmdb): ENOENT`,
    );
    const garbage = fileIn('garbage.mmdb');
    writeFileSync(garbage, 'a list of countries, but not a MaxMind database');
    await expect(buildTestApp({ ANALYTICS_GEOIP_DB: garbage })).rejects.toThrow(
      `ANALYTICS_GEOIP_DB: ${garbage} is not a readable MaxMind database (.mmdb)`,
    );
  });
});
