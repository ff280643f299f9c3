import { useCallback, useEffect, useRef, useState } from 'react';
import { reasonOf } from '../api/api-error.ts';
import { type Filter, inbox, type MessagePage, type MessageStatus, type SpamVerdict } from '../api/inbox.ts';
import { usePolling } from '../ui/use-polling.ts';
import { type Row, stillMatches } from './filter.ts';

/** The newest seq of a page (the first of a newest-first page, the last of a due-first one), or 0. */
const newestSeq = (rows: readonly { seq: number }[]) => Math.max(0, ...rows.map((row) => row.seq));

/** Where the filter's next page starts: before a seq, or in the due-first view after one. */
const nextOf = (filter: Filter, page: MessagePage) => (filter.due ? page.nextAfter : page.nextBefore);

/** How often the inbox asks for messages that arrived since, while the page is in view. */
export const POLL_MS = 15_000;

/** `next`: where the next page starts (a seq), or null after the last. */
type State = { rows: Row[]; next: number | null; loading: boolean; problem: string };

/**
 * The messages of a filter, newest first (or, in the due-first view, the soonest due first), a page at a
 * time; new ones arrive without a reload (`arrived` counts them for the live region): at the top, or in
 * the due-first view at the end, once every page is shown.
 */
export function useMessages(filter: Filter) {
  const [state, setState] = useState<State>({ rows: [], next: null, loading: true, problem: '' });
  const [arrived, setArrived] = useState(0);
  const generation = useRef(0);
  const newest = useRef(0);
  const nextShown = useRef<number | null>(null);
  nextShown.current = state.next;

  useEffect(() => {
    const mine = ++generation.current;
    setState((previous) => ({ ...previous, rows: [], loading: true, problem: '' }));
    setArrived(0);
    inbox.page(filter).then(
      (page) => {
        if (mine !== generation.current) return;
        newest.current = newestSeq(page.messages);
        setState({
          rows: page.messages.map((row) => ({ ...row, spam: filter.spam })),
          next: nextOf(filter, page),
          loading: false,
          problem: '',
        });
      },
      (error: unknown) => {
        if (mine === generation.current)
          setState({ rows: [], next: null, loading: false, problem: reasonOf(error) });
      },
    );
  }, [filter]);

  const poll = useCallback(async () => {
    const mine = generation.current;
    // In the due-first view the newest come last: they wait until every page before them is shown.
    if (filter.due && nextShown.current !== null) return;
    try {
      const { messages } = await inbox.newerThan(filter, newest.current);
      if (mine !== generation.current || messages.length === 0) return;
      newest.current = Math.max(newest.current, newestSeq(messages));
      setState((previous) => {
        const known = new Set(previous.rows.map((row) => row.id));
        const fresh = messages
          .filter((row) => !known.has(row.id))
          .map((row) => ({ ...row, spam: filter.spam }));
        return {
          ...previous,
          rows: filter.due ? [...previous.rows, ...fresh] : [...fresh, ...previous.rows],
        };
      });
      setArrived(messages.length);
    } catch {
      // A missed poll is tried again at the next tick; the list stays as it is.
    }
  }, [filter]);

  usePolling(JSON.stringify(filter), POLL_MS, poll, undefined, { atOnce: false });

  const loadMore = async () => {
    if (state.next === null) return;
    const mine = generation.current;
    setState((previous) => ({ ...previous, loading: true }));
    try {
      const page = await (filter.due ? inbox.newerThan(filter, state.next) : inbox.page(filter, state.next));
      if (mine !== generation.current) return;
      newest.current = Math.max(newest.current, newestSeq(page.messages));
      setState((previous) => ({
        rows: [...previous.rows, ...page.messages.map((row) => ({ ...row, spam: filter.spam }))],
        next: nextOf(filter, page),
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
