import { siteLabel } from './site-label.ts';

/** The options of a site filter: all sites (the empty value), then each site by the name operators know. */
export function SiteOptions({ siteKeys }: { siteKeys: readonly string[] }) {
  return (
    <>
      <option value="">All sites</option>
      {siteKeys.map((key) => (
        <option key={key} value={key}>
          {siteLabel(key)}
        </option>
      ))}
    </>
  );
}
