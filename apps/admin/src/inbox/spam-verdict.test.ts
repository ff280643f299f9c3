import { spamSignalLabels, spamSignals } from '@site/api-contract/constants';
import { expect, it } from 'vitest';
import { scoreLine, spamCheckHeading, spamMarkedText, spamViewText } from './spam-verdict.ts';

it('names every signal the server can give, each differently', () => {
  expect(Object.keys(spamSignalLabels).sort()).toEqual([...spamSignals].sort());
  expect(new Set(Object.values(spamSignalLabels)).size).toBe(spamSignals.length);
  expect(spamSignalLabels.honeypot).toBe('Hidden field filled in');
  expect(spamSignalLabels.classifier).toBe('Learning filter');
});

it('sets the score against the threshold, or alone while the settings are on their way', () => {
  expect(scoreLine(14, 5)).toBe('Scored 14 points; 5 points or more make spam.');
  expect(scoreLine(4, 6.5)).toBe('Scored 4 points; 6.5 points or more make spam.');
  expect(scoreLine(4, null)).toBe('Scored 4 points.');
});

it('asks why only for spam the filter caught, not for spam an operator marked or a real message', () => {
  expect(spamCheckHeading({ spam: true, trainedAs: null, spamVerdict: 'spam' })).toBe(
    'Why this was judged spam',
  );
  expect(spamCheckHeading({ spam: true, trainedAs: 'spam', spamVerdict: 'spam' })).toBe('Spam check');
  expect(spamCheckHeading({ spam: false, trainedAs: 'ham', spamVerdict: 'not-spam' })).toBe('Spam check');
  expect(spamCheckHeading({ spam: false, trainedAs: null, spamVerdict: 'not-spam' })).toBe('Spam check');
});

it('asks why it may be spam while the filter was unsure and nobody has marked it', () => {
  expect(spamCheckHeading({ spam: false, trainedAs: null, spamVerdict: 'possibly-spam' })).toBe(
    'Why this may be spam',
  );
});

it('says the filter learns from a mark, except from a restricted message', () => {
  expect(spamMarkedText(false, false)).toBe('Moved to New; the filter learns from it.');
  expect(spamMarkedText(true, false)).toBe('Marked as spam; the filter learns from it.');
  expect(spamMarkedText(true, true)).toBe('Marked as spam; a restricted message is not learnt from.');
  expect(spamMarkedText(false, false, false)).toBe('Marked as not spam; the filter learns from it.');
});

it('says in the Spam view what puts a message there and when it is deleted', () => {
  expect(spamViewText({ filter: true, thresholdPoints: 5, retentionDays: 30, classifier: true })).toBe(
    'The filter puts messages of 5 points or more here. Spam is deleted 30 days after it arrives. Until the daily digest lists it or someone opens it, it is kept.',
  );
  expect(spamViewText({ filter: true, thresholdPoints: 6.5, retentionDays: 7, classifier: false })).toMatch(
    /^The filter puts messages of 6\.5 points or more here\. Spam is deleted 7 days after it arrives\. Until the daily digest lists it or someone opens it, it is kept\. The learning filter is off/,
  );
  expect(spamViewText({ filter: false, thresholdPoints: 5, retentionDays: 30, classifier: true })).toBe(
    'The spam filter is off: only messages that filled in the field people never see come here, and the ones you mark as spam. Spam is deleted 30 days after it arrives. Until the daily digest lists it or someone opens it, it is kept.',
  );
});
