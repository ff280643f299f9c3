import { countText, scaleTop, shareOf } from './chart-figures.ts';
import { ChartHead, ComparisonCells } from './chart-table.tsx';
import './chart.css';

export type BarRow = { label: string; value: number; previous?: number };

type Props = {
  caption: string;
  /** The heading of the names' column: Page, Referrer, Language. */
  itemLabel: string;
  /** The heading of the figures' column: Page views, Visitors. */
  valueLabel: string;
  rows: readonly BarRow[];
  format?: (value: number) => string;
  /** Said instead of an empty table. */
  empty?: string;
};

/**
 * Figures by name as a table whose figure cells carry a bar: the table is what a screen reader reads, so
 * the bars are hidden from it. With a previous period, a thin mark on each bar shows where it stood.
 */
export function BarChart({
  caption,
  itemLabel,
  valueLabel,
  rows,
  format = countText,
  empty = 'Nothing in this period.',
}: Props) {
  const comparing = rows.some((row) => row.previous !== undefined);
  const top = scaleTop(rows.flatMap((row) => [row.value, row.previous ?? 0]));
  return (
    <figure className="chart">
      <figcaption>{caption}</figcaption>
      {rows.length === 0 ? (
        <p className="chart-empty">{empty}</p>
      ) : (
        <table className="bar-table">
          <ChartHead nameLabel={itemLabel} valueLabel={valueLabel} comparing={comparing} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>
                  {format(row.value)}
                  <svg className="bar" aria-hidden="true" focusable="false">
                    <rect className="bar-now" width={`${shareOf(row.value, top)}%`} height="100%" />
                    {row.previous !== undefined && (
                      <rect
                        className="bar-previous"
                        x={`${shareOf(row.previous, top)}%`}
                        width="3"
                        height="100%"
                      />
                    )}
                  </svg>
                </td>
                {comparing && <ComparisonCells value={row.value} previous={row.previous} format={format} />}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}
