// Draws the brand's link-preview picture (1200 x 630) and home-screen icon (180 x 180) with Chromium,
// from the facts the last build wrote to build/site.json. After editing brand.ts:
//   npm run build && npm run brand:images && npm run build
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@site/testing/chromium';

const web = fileURLToPath(new URL('..', import.meta.url));
const site = JSON.parse(await readFile(join(web, 'build/site.json'), 'utf8'));
// The config sees the logo as a data: URL, a built page as a file under build/client.
const logo = site.logo.startsWith('data:')
  ? decodeURIComponent(site.logo.slice(site.logo.indexOf(',') + 1))
  : await readFile(join(web, 'build/client', site.logo), 'utf8');
const out = join(web, 'app/content/brand-assets');
const escape = (text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const { colours } = site;

const ogPage = `<html><body style="margin:0;width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;
  padding:0 96px;box-sizing:border-box;font-family:sans-serif;color:#fff;
  background:linear-gradient(135deg, ${colours.primaryDark}, ${colours.primary})">
  <div style="display:flex;align-items:center;gap:24px;font-size:44px;font-weight:800">
    <div style="width:88px;height:88px">${logo}</div>${escape(site.name)}</div>
  <div style="margin-top:48px;font-size:84px;font-weight:800;line-height:1.05">${escape(site.headline)}</div>
  <div style="margin-top:28px;font-size:34px;line-height:1.35;max-width:980px;opacity:.92">${escape(site.subline)}</div>
</body></html>`;

const iconPage = `<html><body style="margin:0;width:180px;height:180px;display:grid;place-items:center;background:#fff">
  <div style="width:148px;height:148px">${logo}</div></body></html>`;

const browser = await launchChromium();
const shots = [
  [ogPage, 1200, 630, 'og-image.png'],
  [iconPage, 180, 180, 'apple-touch-icon.png'],
];
for (const [html, width, height, file] of shots) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(html.replace(/<svg /, '<svg width="100%" height="100%" '));
  await writeFile(join(out, file), await page.screenshot({ type: 'png' }));
  await page.close();
  console.log(`wrote ${join(out, file)}`);
}
await browser.close();
