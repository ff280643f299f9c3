import { adminPages, inboxMessagePath } from '@site/api-contract/constants';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type Filter, inbox } from '../api/inbox.ts';
import { Notice } from '../ui/notice.tsx';
import { useOutcome } from '../ui/use-outcome.ts';
import type { Navigate } from '../use-location.ts';
import { useSettings } from '../use-settings.ts';
import { views, type ViewId } from './filter.ts';
import { InboxToolbar } from './inbox-toolbar.tsx';
import { MessageList } from './message-list.tsx';
import { MessageView } from './message-view.tsx';
import { spamViewText } from './spam-verdict.ts';
import { useMessages } from './use-messages.ts';
import { useShortcuts } from './use-shortcuts.ts';

/** The message a link opens (inboxMessagePath: mails and webhooks link to one). */
const linkedMessage = () => new URLSearchParams(location.search).get('message') || null;

const focusRow = (id: string) =>
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-message-id="${id}"]`)?.focus());

/** The inbox: the filtered list beside (on a phone: instead of) the open message. */
export function InboxPage({ navigate }: { navigate: Navigate }) {
  const settings = useSettings();
  const [view, setView] = useState<ViewId>('all');
  const [narrowing, setNarrowing] = useState<Omit<Filter, 'status' | 'spam'>>({});
  const filter = useMemo<Filter>(
    () => ({ ...views.find((each) => each.id === view)!.filter, ...narrowing }),
    [view, narrowing],
  );
  const { rows, next, loading, problem, arrived, loadMore, changed } = useMessages(filter);
  const [openId, setOpenId] = useState<string | null>(linkedMessage);
  useEffect(() => {
    // The address names the open message, so it can be copied, and a reload opens it again.
    const address = openId ? inboxMessagePath(openId) : adminPages.inbox;
    if (location.pathname === adminPages.inbox && `${location.pathname}${location.search}` !== address)
      history.replaceState(history.state, '', address);
  }, [openId]);
  const { outcome, attempt } = useOutcome();
  const searchField = useRef<HTMLInputElement>(null);

  const open = (id: string) => setOpenId(id);
  const move = (step: 1 | -1) => {
    const index = rows.findIndex((row) => row.id === openId);
    const next = rows[index === -1 ? 0 : Math.min(Math.max(index + step, 0), rows.length - 1)];
    if (!next) return;
    open(next.id);
    focusRow(next.id);
  };
  const archiveOpen = () => {
    const index = rows.findIndex((row) => row.id === openId);
    const row = rows[index];
    if (!row || row.status === 'archived') return;
    void attempt(async () => {
      await inbox.setStatus(row.id, 'archived');
      const after = rows[index + 1] ?? rows[index - 1];
      changed(row.id, 'archived', row.spam);
      setOpenId(after && after.id !== row.id ? after.id : null);
      if (after) focusRow(after.id);
      return row.subject === null ? 'Archived the restricted message.' : `Archived “${row.subject}”.`;
    });
  };
  useShortcuts({
    j: () => move(1),
    k: () => move(-1),
    e: archiveOpen,
    '/': () => searchField.current?.focus(),
    Escape: () => {
      if (openId) focusRow(openId);
      setOpenId(null);
    },
  });

  const exportFilter = (format: 'csv' | 'json') =>
    attempt(async () => `Saved ${await inbox.export(filter, format)}.`);

  return (
    <div className="inbox" data-reading={openId ? 'yes' : 'no'}>
      <section className="list-pane" aria-labelledby="messages-heading">
        <h1 id="messages-heading">Messages</h1>
        <InboxToolbar
          view={view}
          onView={(next) => {
            setView(next);
            setOpenId(null);
          }}
          filter={filter}
          onFilter={(change) => setNarrowing((previous) => ({ ...previous, ...change }))}
          siteKeys={settings?.siteKeys ?? []}
          searchField={searchField}
          onExport={exportFilter}
        />
        {view === 'spam' && settings && <p className="view-note">{spamViewText(settings.spam)}</p>}
        {view === 'due' && (
          <p className="view-note">
            Conversations waiting for their first reply, the soonest due first. The clock counts business
            hours only.
          </p>
        )}
        <Notice outcome={outcome ?? (problem ? { kind: 'error', text: problem } : null)} />
        <p role="status" className="visually-hidden">
          {arrived > 0 ? `${arrived} new message(s) arrived.` : ''}
        </p>
        {!loading && rows.length === 0 && !problem && (
          <p className="empty">
            {view === 'due' ? 'Nothing is waiting for a first reply.' : 'No messages here.'}
          </p>
        )}
        <MessageList
          rows={rows}
          selectedId={openId}
          onOpen={open}
          showSite={(settings?.siteKeys.length ?? 0) > 1}
          showScore={view === 'spam'}
        />
        {loading && <p aria-live="polite">Loading messages…</p>}
        {next !== null && !loading && (
          <button type="button" className="more" onClick={loadMore}>
            {view === 'due' ? 'Show more' : 'Show older messages'}
          </button>
        )}
        <p className="keys">
          Keys: <kbd>j</kbd> next, <kbd>k</kbd> previous, <kbd>e</kbd> archive, <kbd>/</kbd> search,{' '}
          <kbd>Esc</kbd> back to the list.
        </p>
      </section>
      <section className="reading-pane" aria-label="Open message">
        {openId ? (
          <MessageView
            key={openId}
            id={openId}
            thresholdPoints={settings?.spam.thresholdPoints ?? null}
            navigate={navigate}
            onChanged={(id, status, spam, spamVerdict) => changed(id, status, spam, { spamVerdict })}
            onRead={(id, spam) => changed(id, 'read', spam, { keep: true })}
            onBack={() => {
              focusRow(openId);
              setOpenId(null);
            }}
          />
        ) : (
          <p className="placeholder">Choose a message to read it.</p>
        )}
      </section>
    </div>
  );
}
