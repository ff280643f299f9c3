import type { Message } from '../api/inbox.ts';
import type { Settings } from '../api/settings.ts';
import { pointsText } from '../ui/points.ts';

/** The label of a message the filter was unsure of, in the list and the open message. */
export const POSSIBLY_SPAM_LABEL = 'Possibly spam';

/** The score against the threshold, or alone while the settings have not arrived. */
export const scoreLine = (score: number, thresholdPoints: number | null) =>
  thresholdPoints === null
    ? `Scored ${pointsText(score)}.`
    : `Scored ${pointsText(score)}; ${pointsText(thresholdPoints)} or more make spam.`;

/**
 * Why it is in Spam when the filter put it there, or why it may be spam when the filter was unsure;
 * otherwise what the filter made of it.
 */
export const spamCheckHeading = (message: Pick<Message, 'spam' | 'trainedAs' | 'spamVerdict'>) =>
  message.spamVerdict === 'possibly-spam'
    ? 'Why this may be spam'
    : message.spam && message.trainedAs !== 'spam'
      ? 'Why this was judged spam'
      : 'Spam check';

export const trainedText: Record<NonNullable<Message['trainedAs']>, string> = {
  spam: 'Marked as spam: the filter has learnt from it.',
  ham: 'Marked as not spam: the filter has learnt from it.',
};

/**
 * What the Spam and Not spam buttons say they did (Not spam moves a message out of Spam to New, and takes
 * the label off one that was possibly spam); the filter learns from neither on a restricted message.
 */
export const spamMarkedText = (spam: boolean, restricted: boolean, wasSpam = !spam) =>
  `${spam ? 'Marked as spam' : wasSpam ? 'Moved to New' : 'Marked as not spam'}; ${restricted ? 'a restricted message is not learnt from' : 'the filter learns from it'}.`;

/** What the Spam view holds, how long, and whether the filter judges and the learning filter votes. */
export const spamViewText = ({ filter, thresholdPoints, retentionDays, classifier }: Settings['spam']) => {
  const deleted = `Spam is deleted ${retentionDays} days after it arrives. Until the daily digest lists it or someone opens it, it is kept.`;
  if (!filter)
    return `The spam filter is off: only messages that filled in the field people never see come here, and the ones you mark as spam. ${deleted}`;
  return `The filter puts messages of ${pointsText(thresholdPoints)} or more here. ${deleted}${classifier ? '' : ' The learning filter is off: it learns from Spam and Not spam but does not score.'}`;
};
