/** How far the page scrolls past the fixed header, when the back-to-top button shows, how long the overlay fades. */
export const SCROLL_OFFSET_PX = 60;
export const BACK_TO_TOP_THRESHOLD_PX = 25;
export const OVERLAY_FADE_OUT_MS = 200;
