import { changeText, countText } from '../charts/chart-figures.ts';

type Figure = { label: string; value: number; previous: number };

/** The period's main figures, each with its change against the period before. */
export function HeadlineFigures({ figures }: { figures: readonly Figure[] }) {
  return (
    <dl className="headline-figures">
      {figures.map(({ label, value, previous }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            <span className="headline-value">{countText(value)}</span>{' '}
            <span className="headline-change">
              {changeText(value, previous)} on the period before ({countText(previous)})
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
