/**
 * The class that lets the web fonts in (the generated fonts.css): the first paint uses the size-matched
 * local fallbacks, so the first screen never waits for a font file (decision 031). An element with it
 * has its text set in the web fonts.
 */
export const WEB_FONTS_CLASS = 'web-fonts';

/**
 * Set on <html> once every part of the page has the web fonts. Not the class: on <html> it would restyle
 * every element of the page at once (one task of 5 to 10 ms at 1x CPU), and change no text's font.
 */
export const WEB_FONTS_DONE_ATTRIBUTE = 'data-web-fonts';

/**
 * At most this much text changes font in one frame (unless one element holds more): a change of font
 * lays its text out again, and the whole home page at once took one task of 15 to 25 ms at 1x CPU, over
 * Lighthouse's 50 ms for a long task at its 4x (decision 072).
 */
export const PART_CHARACTERS = 2000;

/**
 * The elements whose text changes font together, in document order: `element` if it holds at most
 * `limit` characters or text of its own, or else its children's parts. Every text of the page is in one.
 */
export const fontParts = (element: Element, limit = PART_CHARACTERS): Element[] =>
  element.textContent!.length <= limit ||
  [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim())
    ? [element]
    : [...element.children].flatMap((child) => fontParts(child, limit));

/**
 * Lets the web fonts in, once the page has painted, in parts: what is in view first, in one frame, which
 * fetches the font files; then, once they have come, one part of the rest a frame (a part that needs a
 * file not yet fetched waits for it too), so that no frame lays out more than a part's text and no text
 * is laid out twice (in the fallback with the web font pending, and again when it comes). The fallbacks'
 * metrics keep every box where it was.
 */
export async function useWebFonts(): Promise<void> {
  const parts = fontParts(document.body);
  const inView = parts.filter((part) => {
    const { top, bottom } = part.getBoundingClientRect();
    return bottom > 0 && top < innerHeight;
  });
  for (const batch of [inView, ...parts.filter((part) => !inView.includes(part)).map((part) => [part])]) {
    // The last batch has been laid out, which asked for the font files it needs: wait for them.
    await new Promise(requestAnimationFrame);
    await document.fonts.ready;
    for (const part of batch) part.classList.add(WEB_FONTS_CLASS);
  }
  document.documentElement.setAttribute(WEB_FONTS_DONE_ATTRIBUTE, '');
}
