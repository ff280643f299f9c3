import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brand as defaultBrand } from '../apps/web/app/content/brand';
import { buildWebApp, copyWebApp, repo, webCopyDir } from './support/web-build';

const webCopy = webCopyDir('rebrand');

/** Every text file of a build, keyed by its path. */
function readBuild(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.(html|js|css|svg|json|txt|xml|webmanifest)$/.test(entry.name)) {
      const path = join(entry.parentPath, entry.name);
      files.set(path.slice(root.length), readFileSync(path, 'utf8'));
    }
  }
  return files;
}

describe('white label: a partner rebrands the site by replacing app/content/brand.ts', () => {
  let build: Map<string, string>;

  beforeAll(() => {
    copyWebApp(webCopy);
    cpSync(join(repo, 'e2e/fixtures/partner-brand.ts'), join(webCopy, 'app/content/brand.ts'));
    cpSync(
      join(repo, 'e2e/fixtures/partner-logo.svg'),
      join(webCopy, 'app/content/brand-assets/partner-logo.svg'),
    );
    // The partner's flow: build, draw the preview picture and icon from the new brand, build again.
    buildWebApp(webCopy);
    execFileSync(process.execPath, ['scripts/brand-images.mjs'], { cwd: webCopy, stdio: 'pipe' });
    buildWebApp(webCopy);
    build = readBuild(join(webCopy, 'build/client'));
  }, 180_000);

  afterAll(() => rmSync(webCopy, { recursive: true, force: true }));

  it("leaves no trace of the default brand's name, e-mail, address, site key or colours", () => {
    const traces = [
      defaultBrand.name,
      defaultBrand.legalName,
      defaultBrand.email,
      defaultBrand.address.street,
      defaultBrand.siteKey,
      ...Object.values(defaultBrand.colours),
    ];
    expect(build.size).toBeGreaterThan(5);
    for (const [path, text] of build) {
      for (const trace of traces)
        expect(text.toLowerCase(), `${trace} in ${path}`).not.toContain(trace.toLowerCase());
    }
  });

  it("shows the partner's name, e-mail and address on every page", () => {
    for (const page of [
      '/index.html',
      '/privacy/index.html',
      '/termsservice/index.html',
      '/404/index.html',
    ]) {
      const html = build.get(page) ?? '';
      expect(html, page).toContain('Harbourline Media');
      expect(html, page).toContain('hello@harbourline.example.org');
      expect(html, page).toContain('22 Quay Street');
    }
    expect(build.get('/index.html')).toContain('--c-primary:#8a2be2');
  });

  it('draws its own link-preview picture', () => {
    const original = readFileSync(join(repo, 'apps/web/app/content/brand-assets/og-image.png'));
    const partner = readFileSync(join(webCopy, 'app/content/brand-assets/og-image.png'));
    expect(partner.subarray(1, 4).toString()).toBe('PNG');
    expect(partner.equals(original)).toBe(false);
  });
});
