import type { ComponentType } from 'react';
import type { IllustrationKey } from '../../content/landing-types';
import { AboutIllustration } from './about-illustration';
import { AiIllustration } from './ai-illustration';
import { BlockchainIllustration } from './blockchain-illustration';
import { CrmIllustration } from './crm-illustration';
import type { IllustrationProps } from './illustration-props';
import { LinkTrackingIllustration } from './link-tracking-illustration';
import { QuantumIllustration } from './quantum-illustration';
import { SmsPlatformIllustration } from './sms-platform-illustration';
import { SupportIllustration } from './support-illustration';
import { WebsiteBuilderIllustration } from './website-builder-illustration';
import { WhiteLabelIllustration } from './white-label-illustration';

const illustrations: Record<IllustrationKey, ComponentType<IllustrationProps>> = {
  'website-builder': WebsiteBuilderIllustration,
  'link-tracking': LinkTrackingIllustration,
  'sms-platform': SmsPlatformIllustration,
  crm: CrmIllustration,
  about: AboutIllustration,
  support: SupportIllustration,
  'white-label': WhiteLabelIllustration,
  quantum: QuantumIllustration,
  ai: AiIllustration,
  blockchain: BlockchainIllustration,
};

type Props = { name: IllustrationKey; className?: string; label?: string };

/** An inline SVG illustration in the brand colours; with `label` it is an image, without it decoration. */
export function Illustration({ name, className, label }: Props) {
  const Drawing = illustrations[name];
  // A <span>, so an illustration may sit inside a button (the product cards' lightbox triggers).
  const classes = className ? `illustration ${className}` : 'illustration';
  return label ? (
    <span className={classes} role="img" aria-label={label}>
      <Drawing />
    </span>
  ) : (
    <span className={classes} aria-hidden="true">
      <Drawing />
    </span>
  );
}
