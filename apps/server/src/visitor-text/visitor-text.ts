import type { Language } from '@site/api-contract';
import { el } from './el.js';
import { en, type VisitorText } from './en.js';

const texts: Record<Language, VisitorText> = { en, el };

/** What the server tells a visitor, in the visitor's language. */
export const visitorText = (language: Language): VisitorText => texts[language];

/** The locale whose Intl formats dates for a visitor: British English, and Greek as Cyprus writes it. */
export const visitorLocales: Record<Language, string> = { en: 'en-GB', el: 'el-CY' };

export type { VisitorText };
