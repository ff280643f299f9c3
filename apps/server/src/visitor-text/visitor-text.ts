import type { Language } from '@site/api-contract';
import { el } from './el.js';
import { en, type VisitorText } from './en.js';

const texts: Record<Language, VisitorText> = { en, el };

/** What the server tells a visitor, in the visitor's language. */
export const visitorText = (language: Language): VisitorText => texts[language];

export type { VisitorText };
