import { spamSignalLabels } from '@site/api-contract/constants';
import type { Message } from '../api/inbox.ts';
import { signedPoints } from '../ui/points.ts';
import { scoreLine, spamCheckHeading, trainedText } from './spam-verdict.ts';

type Props = {
  message: Pick<Message, 'spam' | 'spamScore' | 'spamReasons' | 'trainedAs' | 'spamVerdict'>;
  /** SPAM_THRESHOLD; null until the settings arrive. */
  thresholdPoints: number | null;
};

/** What the spam filter made of a message and why, weightiest reason first, and what it was taught. */
export function SpamCheck({ message, thresholdPoints }: Props) {
  const { spamScore, spamReasons, trainedAs } = message;
  return (
    <section aria-labelledby="spam-check-heading" className="spam-check">
      <h3 id="spam-check-heading">{spamCheckHeading(message)}</h3>
      {spamScore === null ? (
        <p>Stored before the spam filter: it has no score.</p>
      ) : (
        <>
          <p>{scoreLine(spamScore, thresholdPoints)}</p>
          {spamReasons.length === 0 ? (
            <p>No signal counted.</p>
          ) : (
            <ul className="spam-reasons">
              {spamReasons.map((reason) => (
                <li key={reason.signal}>
                  <span className={`points${reason.points > 0 ? ' against' : ''}`}>
                    {signedPoints(reason.points)}
                  </span>
                  <span>
                    <strong>{spamSignalLabels[reason.signal]}</strong>: {reason.detail}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {trainedAs && <p>{trainedText[trainedAs]}</p>}
    </section>
  );
}
