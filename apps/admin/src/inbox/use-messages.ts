import { useCallback, useEffect, useRef, useState } from 'react';
import { reasonOf } from '../api/api-error.ts';
import { type Filter, inbox, type MessageStatus, type SpamVerdict } from '../api/inbox.ts';
import { usePolling } from '../ui/use-polling.ts';
import { type Row, stillMatches } from './filter.ts';

/** How often the inbox asks for messages that arrived since, while the page is in view. */
export const POLL_MS = 15_000;

type State = { rows: Row[]; nextBefore: number | null; loading: boolean; problem: string };

/**
 * The messages of a filter, newest first, a page at a time; new ones arrive without a reload
 * (`arrived` counts them for the live region).
 */
export function useMessages(filter: Filter) {
  const [state, setState] = useState<State>({ rows: [], nextBefore: null, loading: true, problem: '' });
  const [arrived, setArrived] = useState(0);
  const generation = useRef(0);
  const newest = useRef(0);

  useEffect(() => {
    const mine = ++generation.current;
    setState((previous) => ({ ...previous, rows: [], loading: true, problem: '' }));
    setArrived(0);
    inbox.page(filter).then(
      ({ messages, nextBefore }) => {
        if (mine !== generation.current) return;
        newest.current = messages[0]?.seq ?? 0;
        setState({
          rows: messages.map((row) => ({ ...row, spam: filter.spam })),
          nextBefore,
          loading: false,
          problem: '',
        });
      },
      (error: unknown) => {
        if (mine === generation.current)
          setState({ rows: [], nextBefore: null, loading: false, problem: reasonOf(error) });
      },
    );
  }, [filter]);

  const poll = useCallback(async () => {
    const mine = generation.current;
    try {
      const { messages } = await inbox.newerThan(filter, newest.current);
      if (mine !== generation.current || messages.length === 0) return;
      newest.current = messages[0]!.seq;
      setState((previous) => {
        const known = new Set(previous.rows.map((row) => row.id));
        const fresh = messages
          .filter((row) => !known.has(row.id))
          .map((row) => ({ ...row, spam: filter.spam }));
        return { ...previous, rows: [...fresh, ...previous.rows] };
      });
      setArrived(messages.length);
    } catch {
      // A missed poll is tried again at the next tick; the list stays as it is.
    }
  }, [filter]);

  usePolling(JSON.stringify(filter), POLL_MS, poll, undefined, { atOnce: false });

  const loadMore = async () => {
    if (state.nextBefore === null) return;
    const mine = generation.current;
    setState((previous) => ({ ...previous, loading: true }));
    try {
      const { messages, nextBefore } = await inbox.page(filter, state.nextBefore);
      if (mine !== generation.current) return;
      setState((previous) => ({
        rows: [...previous.rows, ...messages.map((row) => ({ ...row, spam: filter.spam }))],
        nextBefore,
        loading: false,
        problem: '',
      }));
    } catch (error) {
      setState((previous) => ({ ...previous, loading: false, problem: reasonOf(error) }));
    }
  };

  /**
   * After a change: the row takes its new state (and verdict, after a Spam / Not spam mark), or leaves a
   * list it no longer belongs in; unless `keep` (a message opened from the New view stays in it while it
   * is read).
   */
  const changed = (
    id: string,
    status: MessageStatus,
    spam: boolean,
    { keep = false, spamVerdict }: { keep?: boolean; spamVerdict?: SpamVerdict } = {},
  ) =>
    setState((previous) => ({
      ...previous,
      rows:
        keep || stillMatches(filter, status, spam)
          ? previous.rows.map((row) =>
              row.id === id ? { ...row, status, spam, ...(spamVerdict && { spamVerdict }) } : row,
            )
          : previous.rows.filter((row) => row.id !== id),
    }));

  return { ...state, arrived, loadMore, changed };
}
