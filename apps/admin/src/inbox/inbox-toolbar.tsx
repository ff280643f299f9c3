import { type FormEvent, type RefObject, useState } from 'react';
import type { Filter } from '../api/inbox.ts';
import { views, type ViewId } from './filter.ts';
import { languageOptions } from '../ui/language-label.ts';
import { SiteOptions } from '../ui/site-options.tsx';

type Props = {
  view: ViewId;
  onView: (view: ViewId) => void;
  filter: Filter;
  onFilter: (change: Partial<Filter>) => void;
  siteKeys: string[];
  searchField: RefObject<HTMLInputElement | null>;
  onExport: (format: 'csv' | 'json') => void;
};

/** Which messages: the status or spam view, a search, a partner site, a language and a date range; and the export of them. */
export function InboxToolbar({ view, onView, filter, onFilter, siteKeys, searchField, onExport }: Props) {
  const [search, setSearch] = useState(filter.search ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilter({ search: search.trim() || undefined });
  };
  return (
    <div className="toolbar">
      <form role="search" className="search" onSubmit={submit}>
        <label htmlFor="search" className="visually-hidden">
          Search name, e-mail, subject and text
        </label>
        <input
          id="search"
          ref={searchField}
          type="search"
          placeholder="Search (press /)"
          value={search}
          maxLength={200}
          onChange={(event) => {
            setSearch(event.target.value);
            if (event.target.value === '' && filter.search) onFilter({ search: undefined });
          }}
        />
        <button type="submit">Search</button>
      </form>
      <div className="views" role="group" aria-label="Show">
        {views.map((each) => (
          <button key={each.id} type="button" aria-pressed={each.id === view} onClick={() => onView(each.id)}>
            {each.label}
          </button>
        ))}
      </div>
      <details className="more-filters">
        <summary>Site, language, dates and export</summary>
        <div className="filter-fields">
          <label>
            Site
            <select
              value={filter.site ?? ''}
              onChange={(event) => onFilter({ site: event.target.value || undefined })}
            >
              <SiteOptions siteKeys={siteKeys} />
            </select>
          </label>
          <label>
            Language
            <select
              value={filter.language ?? ''}
              onChange={(event) =>
                onFilter({ language: (event.target.value || undefined) as Filter['language'] })
              }
            >
              <option value="">All languages</option>
              {languageOptions.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label>
            From
            <input
              type="date"
              value={filter.since ?? ''}
              onChange={(event) => onFilter({ since: event.target.value || undefined })}
            />
          </label>
          <label>
            To
            <input
              type="date"
              value={filter.until ?? ''}
              onChange={(event) => onFilter({ until: event.target.value || undefined })}
            />
          </label>
          <span className="export">
            <button type="button" onClick={() => onExport('csv')}>
              Export CSV
            </button>
            <button type="button" onClick={() => onExport('json')}>
              Export JSON
            </button>
          </span>
        </div>
      </details>
    </div>
  );
}
