/** The shapes of the landing page's copy, the same in every language. */

export type IllustrationKey =
  | 'website-builder'
  | 'link-tracking'
  | 'sms-platform'
  | 'crm'
  | 'about'
  | 'support'
  | 'white-label'
  | 'quantum'
  | 'ai'
  | 'blockchain';

export type Action = { label: string; href: string };
export type Stat = { value: number; label: string };
export type Product = {
  id: string;
  title: string;
  summary: string;
  points: string[];
  image: IllustrationKey;
};
export type Feature = { title: string; text: string };
export type Slide = { id: string; title: string; text: string; image: IllustrationKey };
