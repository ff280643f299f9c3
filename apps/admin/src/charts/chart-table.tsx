import { changeText } from './chart-figures.ts';

type HeadProps = { nameLabel: string; valueLabel: string; comparing: boolean };

/** The headings of a chart's table: the names, the figures and, compared, the period before and the change. */
export function ChartHead({ nameLabel, valueLabel, comparing }: HeadProps) {
  return (
    <thead>
      <tr>
        <th scope="col">{nameLabel}</th>
        <th scope="col">{valueLabel}</th>
        {comparing && (
          <>
            <th scope="col">Period before</th>
            <th scope="col">Change</th>
          </>
        )}
      </tr>
    </thead>
  );
}

type CellsProps = { value: number; previous: number | undefined; format: (value: number) => string };

/** A compared row's figure for the period before and its change; empty where it has none. */
export function ComparisonCells({ value, previous, format }: CellsProps) {
  return (
    <>
      <td>{previous === undefined ? '' : format(previous)}</td>
      <td className="change">{previous === undefined ? '' : changeText(value, previous)}</td>
    </>
  );
}
