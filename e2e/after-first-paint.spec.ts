// What a page does after its first paint stays in small pieces, so no task blocks the main thread for
// long (Lighthouse's Total Blocking Time, decision 072). Task times depend on the machine's load; what
// they are made of does not, so these tests count what a task must do, not how long it took.
import { describe, expect } from 'vitest';
import { pagePath, paths } from '../apps/web/app/paths';
import { REVEAL_ACTIVE_CLASS } from '../apps/web/app/lib/reveal';
import { WEB_FONTS_DONE_ATTRIBUTE } from '../apps/web/app/lib/web-fonts';
import { baseUrl, twoFrames, waitForApp } from './support/browser';
import { test } from './support/fixtures';

type TraceEvent = { name: string; ts: number; args?: { beginData?: { dirtyObjects?: number } } };

/**
 * The web fonts' change of font once laid out 530 of the home page's 714 layout objects in one task, and
 * all of them again as each font file came (2 or 3 such layouts on every route); in parts, no layout
 * after the first paint takes more than about 110. Counted from when the document is parsed; one larger
 * layout is still let pass, for a machine whose load splits what a quiet one does in one task.
 */
const MOST_OBJECTS_LAID_OUT = 200;

describe('after the first paint', () => {
  test.for([paths.home, paths.privacy, pagePath('el', paths.home), paths.contact])(
    '%s: the web fonts come in without laying the page out again (at most one layout of over 200 objects)',
    async (path, { browser, openPage }) => {
      const { page } = await openPage({ viewport: { width: 412, height: 823 } });
      await browser.startTracing(page, { categories: ['devtools.timeline', 'loading'] });
      await page.goto(baseUrl() + path);
      await waitForApp(page);
      await page.waitForFunction(
        (name) => document.documentElement.hasAttribute(name),
        WEB_FONTS_DONE_ATTRIBUTE,
      );
      const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
        .traceEvents;
      const firstPaint = events.find((event) => event.name === 'firstContentfulPaint')?.ts;
      const parsed = events.find((event) => event.name === 'MarkDOMContent')?.ts;
      expect(firstPaint).toBeDefined();
      expect(parsed).toBeDefined();
      // On a loaded machine the parser sometimes yields and paints the top of the page before it has read
      // the rest, whose first layout then comes after that paint: the page's own, not what follows it.
      const since = Math.max(firstPaint!, parsed!);
      const layouts = events
        .filter((event) => event.name === 'Layout' && event.ts > since)
        .map((event) => event.args?.beginData?.dirtyObjects ?? 0);
      expect(layouts.length).toBeGreaterThan(0);
      expect(layouts.filter((objects) => objects > MOST_OBJECTS_LAID_OUT).length).toBeLessThanOrEqual(1);
    },
  );

  test('the scroll reveal hides what is out of view without fading it out', async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 412, height: 823 } });
    await page.addInitScript(() => {
      const runs: string[] = [];
      Object.assign(window, { revealTransitions: runs });
      document.addEventListener('transitionrun', (event) => {
        if (event.target instanceof Element && event.target.matches('[data-reveal]'))
          runs.push(event.propertyName);
      });
    });
    await page.goto(baseUrl() + paths.home);
    await waitForApp(page);
    await page.waitForFunction(
      (name) => document.documentElement.classList.contains(name),
      REVEAL_ACTIVE_CLASS,
    );
    // Two frames, for a transition the reveal's start would have set off to have run.
    await twoFrames(page);
    expect(
      await page.evaluate(() => document.querySelectorAll('[data-reveal]:not(.is-revealed)').length),
    ).toBeGreaterThan(0);
    expect(
      await page.evaluate(() => (window as unknown as { revealTransitions: string[] }).revealTransitions),
    ).toEqual([]);
  });
});
