import { escapeHtml } from '../http/html.js';
import { type PageBrand, renderServerPage } from '../site/server-page.js';

/**
 * Where the pages' links lead: `origin` is the site's when this API answers for a site on another origin
 * ('' for its own), `form` the page the form was on.
 */
export type PageContext = { brand: PageBrand & { email: string }; origin: string; form: string };

const backToForm = ({ form }: PageContext) =>
  `<p>Your browser's Back button returns to the form with everything you typed. Or <a href="${escapeHtml(form)}">open the form again</a>.</p>`;

const writeToUs = ({ brand }: PageContext) => {
  const mail = escapeHtml(brand.email);
  return `<a href="mailto:${mail}">${mail}</a>`;
};

const page = (context: PageContext, title: string, body: string) =>
  renderServerPage(context.brand, title, body, `${context.origin}/`);

/** 400: each field's problem, named by its label on the form. */
export function invalidPage(context: PageContext, problems: { label: string; problem: string }[]): string {
  const items = problems
    .map(({ label, problem }) => `<li><strong>${escapeHtml(label)}:</strong> ${escapeHtml(problem)}</li>`)
    .join('');
  return page(
    context,
    'Your message was not sent',
    `<p>Please correct ${problems.length === 1 ? 'this field' : 'these fields'} and send it again:</p><ul>${items}</ul>${backToForm(context)}`,
  );
}

/** A post the server could not read (cut short, say). */
export function unreadablePage(context: PageContext): string {
  return page(
    context,
    'Your message was not sent',
    `<p>It did not reach us complete. Please send it again.</p>${backToForm(context)}`,
  );
}

/** 413: more than the form can carry. */
export function tooLargePage(context: PageContext): string {
  return page(
    context,
    'Your message is too long',
    `<p>Please shorten it and send it again, or write to us at ${writeToUs(context)}.</p>${backToForm(context)}`,
  );
}

/** 429: the wait before this address may send again. */
export function rateLimitedPage(context: PageContext, waitSeconds: number): string {
  const wait = waitSeconds < 120 ? `${waitSeconds} seconds` : `${Math.ceil(waitSeconds / 60)} minutes`;
  return page(
    context,
    'Please wait a moment',
    `<p>We have received several messages from your connection in a short time. Please send this one again in ${wait}.</p>${backToForm(context)}`,
  );
}

/** 403: the post did not come from one of the sites allowed to send here. */
export function forbiddenPage(context: PageContext): string {
  return page(
    context,
    'Your message was not sent',
    `<p>For your safety we only take messages sent from the form on our own site. Please open the form on our site and send it from there, or write to us at ${writeToUs(context)}.</p>`,
  );
}

/** 503: the message could not be stored, so it is not sent. */
export function unavailablePage(context: PageContext): string {
  return page(
    context,
    'Your message could not be stored',
    `<p>Something went wrong on our side and your message was not saved. Please send it again in a minute, or write to us at ${writeToUs(context)}.</p>${backToForm(context)}`,
  );
}
