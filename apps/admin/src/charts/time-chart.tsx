import { useId } from 'react';
import { changeText, countText, scaleTop, shareOf } from './chart-figures.ts';
import { ChartHead, ComparisonCells } from './chart-table.tsx';
import './chart.css';

export type TimePoint = { label: string; value: number; previous?: number };

type Props = {
  caption: string;
  /** The heading of the table's first column: Day, Week, Month. */
  pointLabel: string;
  /** What the figures count: Page views, Visitors. */
  valueLabel: string;
  /** In order, at most about 60 (the caller groups a long range by week or month). */
  points: readonly TimePoint[];
  format?: (value: number) => string;
};

// The drawing's own units: one column is 10 wide, the height 100; CSS stretches it to the width it has.
const column = 10;
const height = 100;

/**
 * A series over time as columns, the previous period as a line over them. The drawing is one image with a
 * summary for its name; the same figures are in a table below it, folded so a long range stays short.
 */
export function TimeChart({ caption, pointLabel, valueLabel, points, format = countText }: Props) {
  const captionId = useId();
  const comparing = points.some((point) => point.previous !== undefined);
  const top = scaleTop(points.flatMap((point) => [point.value, point.previous ?? 0]));
  const y = (value: number) => height - shareOf(value, top);
  const line = points
    .map((point, index) => `${index * column + column / 2},${y(point.previous ?? 0)}`)
    .join(' ');
  const total = points.reduce((sum, point) => sum + point.value, 0);
  const previousTotal = points.reduce((sum, point) => sum + (point.previous ?? 0), 0);

  if (points.length === 0) {
    return (
      <figure className="chart">
        <figcaption>{caption}</figcaption>
        <p className="chart-empty">Nothing in this period.</p>
      </figure>
    );
  }
  const summary = [
    `${valueLabel} from ${points[0]!.label} to ${points.at(-1)!.label}: ${format(total)} in all`,
    `the highest ${format(Math.max(...points.map((point) => point.value)))}`,
    comparing ? `the previous period ${format(previousTotal)} (${changeText(total, previousTotal)})` : '',
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <figure className="chart" aria-labelledby={captionId}>
      <figcaption id={captionId}>{caption}</figcaption>
      {comparing && (
        <p className="chart-legend" aria-hidden="true">
          <span className="legend-now">This period</span>
          <span className="legend-previous">Period before</span>
        </p>
      )}
      <div className="time-plot">
        <span className="time-top" aria-hidden="true">
          {format(top)}
        </span>
        <svg
          className="time-svg"
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${points.length * column} ${height}`}
          preserveAspectRatio="none"
        >
          {points.map((point, index) => (
            <rect
              key={point.label}
              className="bar-now"
              x={index * column + 1}
              y={y(point.value)}
              width={column - 2}
              height={height - y(point.value)}
            />
          ))}
          {comparing && (
            <polyline className="line-previous" points={line} vectorEffect="non-scaling-stroke" />
          )}
        </svg>
        <span className="time-first" aria-hidden="true">
          {points[0]!.label}
        </span>
        <span className="time-last" aria-hidden="true">
          {points.at(-1)!.label}
        </span>
      </div>
      <details className="chart-details">
        <summary>The figures as a table</summary>
        <table>
          <ChartHead nameLabel={pointLabel} valueLabel={valueLabel} comparing={comparing} />
          <tbody>
            {points.map((point) => (
              <tr key={point.label}>
                <th scope="row">{point.label}</th>
                <td>{format(point.value)}</td>
                {comparing && (
                  <ComparisonCells value={point.value} previous={point.previous} format={format} />
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
