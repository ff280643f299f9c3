import { useCallback, useEffect, useState } from 'react';
import { type SavedReply, savedReplies } from '../api/conversations.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { Notice } from '../ui/notice.tsx';
import { useOutcome } from '../ui/use-outcome.ts';

type Draft = { seq: number | null; name: string; text: string };
const blank: Draft = { seq: null, name: '', text: '' };

/** The named texts the whole team inserts into replies and edits before sending. */
export function SavedRepliesPage() {
  const [list, setList] = useState<SavedReply[] | null>(null);
  const [draft, setDraft] = useState<Draft>(blank);
  const [removing, setRemoving] = useState<SavedReply | null>(null);
  const { outcome, attempt, failed } = useOutcome();

  const reload = useCallback(() => savedReplies.list().then(setList, failed), [failed]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const save = () =>
    attempt(async () => {
      const { seq, name, text } = draft;
      if (seq === null) await savedReplies.add(name, text);
      else await savedReplies.change(seq, name, text);
      setDraft(blank);
      await reload();
      return seq === null ? `“${name}” is saved.` : `“${name}” is changed.`;
    });
  const remove = (saved: SavedReply) =>
    attempt(async () => {
      await savedReplies.remove(saved.seq);
      await reload();
      return `“${saved.name}” is deleted.`;
    });

  return (
    <div className="page saved-replies">
      <h1>Saved replies</h1>
      <p>Texts the team answers with often. Insert one into a reply, then make it fit the message.</p>
      <Notice outcome={outcome} />
      <form
        className="composer"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <h2>
          {draft.seq === null
            ? 'New saved reply'
            : `Change “${list?.find((s) => s.seq === draft.seq)?.name ?? ''}”`}
        </h2>
        <label htmlFor="saved-name">Name</label>
        <input
          id="saved-name"
          required
          maxLength={100}
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
        <label htmlFor="saved-text">Text</label>
        <textarea
          id="saved-text"
          rows={6}
          required
          value={draft.text}
          onChange={(event) => setDraft({ ...draft, text: event.target.value })}
        />
        <div className="actions">
          <button type="submit" className="primary">
            {draft.seq === null ? 'Save' : 'Save changes'}
          </button>
          {draft.seq !== null && (
            <button type="button" onClick={() => setDraft(blank)}>
              Cancel
            </button>
          )}
        </div>
      </form>
      {list === null ? (
        <p aria-live="polite">Loading the saved replies…</p>
      ) : list.length === 0 ? (
        <p>No saved reply yet.</p>
      ) : (
        <ul className="saved-list" aria-label="Saved replies">
          {list.map((saved) => (
            <li key={saved.seq}>
              <h2>{saved.name}</h2>
              <p className="entry-text">{saved.text}</p>
              <div className="actions">
                <button
                  type="button"
                  onClick={() => setDraft({ seq: saved.seq, name: saved.name, text: saved.text })}
                >
                  Change <span className="visually-hidden">“{saved.name}”</span>
                </button>
                <button type="button" className="danger" onClick={() => setRemoving(saved)}>
                  Delete <span className="visually-hidden">“{saved.name}”</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {removing && (
        <ConfirmDialog
          title="Delete this saved reply?"
          confirmLabel="Delete"
          danger
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const saved = removing;
            setRemoving(null);
            void remove(saved);
          }}
        >
          <p>
            <strong>{removing.name}</strong> will no longer be offered in replies. Replies already sent keep
            their text.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
