import { useState } from 'react';

/** A note for the team: it stays in the inbox and is never mailed. */
export function NoteForm({ onAdd }: { onAdd: (text: string) => Promise<boolean> }) {
  const [text, setText] = useState('');
  return (
    <form
      className="composer note-form"
      onSubmit={async (event) => {
        event.preventDefault();
        if (await onAdd(text)) setText('');
      }}
    >
      <label htmlFor="note-text">Internal note</label>
      <textarea
        id="note-text"
        rows={3}
        required
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby="note-hint"
      />
      <p id="note-hint" className="hint">
        Only the team sees notes; they are never sent to the visitor.
      </p>
      <button type="submit">Add note</button>
    </form>
  );
}
