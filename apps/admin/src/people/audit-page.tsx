import { useEffect, useState } from 'react';
import { type AuditEntry, auditPage } from '../api/people.ts';
import { formatDateTime } from '../ui/dates.ts';
import { Notice } from '../ui/notice.tsx';
import { useOutcome } from '../ui/use-outcome.ts';
import { TableScroll } from '../ui/table-scroll.tsx';

/** Every operator action, newest first: who, how, what and on which message (never its text). */
export function AuditPage() {
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [nextBefore, setNextBefore] = useState<number | null>(null);
  const { outcome, failed } = useOutcome();

  const loadOlder = async (before: number) => {
    try {
      const page = await auditPage(before);
      setEntries((previous) => [...previous, ...page.entries]);
      setNextBefore(page.nextBefore);
    } catch (error) {
      failed(error);
    }
  };
  useEffect(() => {
    auditPage().then((page) => {
      setEntries(page.entries);
      setNextBefore(page.nextBefore);
    }, failed);
  }, [failed]);

  return (
    <div className="page">
      <h1>Audit log</h1>
      <Notice outcome={outcome} />
      <TableScroll label="Audit log entries">
        <table>
          <caption className="visually-hidden">Operator actions, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Through</th>
              <th scope="col">Action</th>
              <th scope="col">On</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.seq}>
                <td>
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </td>
                <td>{entry.operator ?? 'command line'}</td>
                <td>{entry.via}</td>
                <td>{entry.action}</td>
                <td className="target">
                  {entry.target ?? ''}
                  {entry.targetOperator && ` (${entry.targetOperator})`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {nextBefore !== null && (
        <button type="button" className="more" onClick={() => loadOlder(nextBefore)}>
          Show older entries
        </button>
      )}
    </div>
  );
}
