import type { Message } from '../api/inbox.ts';

/** Where a form message's sender came from, in one line: the landing page, the referring site, the campaign. */
export function visitSourceText(source: Message['visitSource']): string {
  if (!source) return 'Not known: no page view counted that day';
  const campaign = [source.utmSource, source.utmMedium, source.utmCampaign, source.utmTerm, source.utmContent]
    .filter((value) => value !== null)
    .join(' / ');
  return [
    `Landed on ${source.landingPage}`,
    source.referrerHost ? `from ${source.referrerHost}` : 'with no referring site',
    ...(campaign ? [`campaign ${campaign}`] : []),
  ].join(', ');
}
