import type { Report } from '../api/reports.ts';
import { durationText, shareText } from './report-text.ts';

/**
 * The headline figures: conversations and where they stand, how fast the first replies were (median and
 * 90th percentile, in business hours and on the wall clock) and the share within the target. The times'
 * table has three short columns that fit a phone: it wraps its headings instead of scrolling sideways.
 */
export function FirstResponseFigures({ report }: { report: Report }) {
  const { firstResponse: first } = report;
  const headline = [
    ['Conversations', String(report.conversations)],
    ['Answered', String(report.answered)],
    ['Waiting for a first reply', String(report.waiting)],
    ['Closed without a reply', String(report.closedWithoutReply)],
    ['First reply, median (business hours)', durationText(first.business.median)],
    [`Answered within ${durationText(report.targetSeconds)}`, shareText(first.withinTargetShare)],
  ] as const;
  return (
    <section aria-labelledby="first-response-heading">
      <h2 id="first-response-heading" className="visually-hidden">
        Headline figures
      </h2>
      <dl className="report-headline">
        {headline.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="report-measured">
        Time to the first reply, of {first.measured} conversations measured ({first.withinTarget} within{' '}
        {durationText(report.targetSeconds)} of business time):
      </p>
      <table className="report-times">
        <caption className="visually-hidden">Time to the first reply</caption>
        <thead>
          <tr>
            <th scope="col">Counted in</th>
            <th scope="col">Median</th>
            <th scope="col">90th percentile</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Business hours</th>
            <td>{durationText(first.business.median)}</td>
            <td>{durationText(first.business.p90)}</td>
          </tr>
          <tr>
            <th scope="row">Wall clock</th>
            <td>{durationText(first.wall.median)}</td>
            <td>{durationText(first.wall.p90)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
