import { type FormEvent, useId, useState } from 'react';
import { SiteOptions } from '../ui/site-options.tsx';
import { type DayRange, type RangePreset, rangeOf, rangePresets, todayOf } from './date-ranges.ts';

export type Choice = DayRange & { preset: RangePreset; site: string };

type Props = { choice: Choice; siteKeys: readonly string[]; onChoose: (choice: Choice) => void };

/** The period (a preset or two days) and the site the dashboard counts, shown when the form is sent. */
export function RangeForm({ choice, siteKeys, onChoose }: Props) {
  const [preset, setPreset] = useState<RangePreset>(choice.preset);
  const [custom, setCustom] = useState<DayRange>({ from: choice.from, to: choice.to });
  const [site, setSite] = useState(choice.site);
  const id = useId();
  const today = todayOf(new Date());
  const show = (event: FormEvent) => {
    event.preventDefault();
    onChoose({ preset, site, ...(rangeOf(preset, new Date()) ?? custom) });
  };

  return (
    <form className="range-form" onSubmit={show} aria-label="Period and site">
      <div className="range-field">
        <label htmlFor={`${id}-preset`}>Period</label>
        <select
          id={`${id}-preset`}
          value={preset}
          onChange={(event) => setPreset(event.target.value as RangePreset)}
        >
          {rangePresets.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {preset === 'custom' && (
        <>
          <div className="range-field">
            <label htmlFor={`${id}-from`}>From</label>
            <input
              id={`${id}-from`}
              type="date"
              required
              max={custom.to || today}
              value={custom.from}
              onChange={(event) => setCustom({ ...custom, from: event.target.value })}
            />
          </div>
          <div className="range-field">
            <label htmlFor={`${id}-to`}>To</label>
            <input
              id={`${id}-to`}
              type="date"
              required
              min={custom.from}
              value={custom.to}
              onChange={(event) => setCustom({ ...custom, to: event.target.value })}
            />
          </div>
        </>
      )}
      <div className="range-field">
        <label htmlFor={`${id}-site`}>Site</label>
        <select id={`${id}-site`} value={site} onChange={(event) => setSite(event.target.value)}>
          <SiteOptions siteKeys={siteKeys} />
        </select>
      </div>
      <button type="submit">Show</button>
    </form>
  );
}
