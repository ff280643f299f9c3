/**
 * The class on <html> that lets the web fonts in (the generated fonts.css): the first paint uses the
 * size-matched local fallbacks, so the first screen never waits for a font file (decision 031).
 */
export const WEB_FONTS_CLASS = 'web-fonts';

/** Lets the web fonts in, once the page has painted: they are fetched now and swap in without a shift. */
export const useWebFonts = () => document.documentElement.classList.add(WEB_FONTS_CLASS);
