import type { Language } from '@site/api-contract';
import { escapeHtml } from '../http/html.js';
import { type PageBrand, renderServerPage } from '../site/server-page.js';
import { visitorText } from '../visitor-text/visitor-text.js';

/**
 * Where the pages' links lead and what they are written in: `origin` is the site's when this API answers
 * for a site on another origin ('' for its own), `home` and `form` the pages in the visitor's language.
 */
export type PageContext = {
  brand: PageBrand & { email: string };
  language: Language;
  origin: string;
  home: string;
  form: string;
};

const textOf = (context: PageContext) => visitorText(context.language).form;

const backToForm = (context: PageContext) => {
  const text = textOf(context);
  return `<p>${escapeHtml(text.backToForm)} <a href="${escapeHtml(context.form)}">${escapeHtml(text.openFormAgain)}</a>.</p>`;
};

const writeToUs = ({ brand }: PageContext) => {
  const mail = escapeHtml(brand.email);
  return `<a href="mailto:${mail}">${mail}</a>`;
};

const page = (context: PageContext, title: string, body: string) =>
  renderServerPage(context.brand, title, body, { language: context.language, home: context.home });

/** 400: each field's problem, named by its label on the form. */
export function invalidPage(context: PageContext, problems: { label: string; problem: string }[]): string {
  const items = problems
    .map(({ label, problem }) => `<li><strong>${escapeHtml(label)}:</strong> ${escapeHtml(problem)}</li>`)
    .join('');
  const text = textOf(context);
  return page(
    context,
    text.notSent,
    `<p>${escapeHtml(text.correct(problems.length))}</p><ul>${items}</ul>${backToForm(context)}`,
  );
}

/** A post the server could not read (cut short, say). */
export function unreadablePage(context: PageContext): string {
  const text = textOf(context);
  return page(context, text.notSent, `<p>${escapeHtml(text.unreadable)}</p>${backToForm(context)}`);
}

/** 413: more than the form can carry. */
export function tooLargePage(context: PageContext): string {
  const text = textOf(context);
  return page(context, text.tooLongTitle, `<p>${text.tooLong(writeToUs(context))}</p>${backToForm(context)}`);
}

/** The wait in seconds or, from two minutes, in whole minutes, written out in the page's language. */
function duration(language: Language, seconds: number): string {
  const [value, unit] = seconds < 120 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** 429: the wait before this address may send again. */
export function rateLimitedPage(context: PageContext, waitSeconds: number): string {
  const text = textOf(context);
  return page(
    context,
    text.waitTitle,
    `<p>${escapeHtml(text.wait(duration(context.language, waitSeconds)))}</p>${backToForm(context)}`,
  );
}

/** 403: the post did not come from one of the sites allowed to send here. */
export function forbiddenPage(context: PageContext): string {
  const text = textOf(context);
  return page(context, text.notSent, `<p>${text.forbidden(writeToUs(context))}</p>`);
}

/** 503: the message could not be stored, so it is not sent. */
export function unavailablePage(context: PageContext): string {
  const text = textOf(context);
  return page(
    context,
    text.unavailableTitle,
    `<p>${text.unavailable(writeToUs(context))}</p>${backToForm(context)}`,
  );
}
