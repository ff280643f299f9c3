import { useState } from 'react';
import { Composer } from './composer.tsx';

/** A note for the team: it stays in the inbox and is never mailed. */
export function NoteForm({ onAdd }: { onAdd: (text: string) => Promise<boolean> }) {
  const [text, setText] = useState('');
  return (
    <Composer
      id="note-text"
      label="Internal note"
      rows={3}
      hint="Only the team sees notes; they are never sent to the visitor."
      submit={{ label: 'Add note', busy: 'Adding…' }}
      className="note-form"
      text={text}
      onText={setText}
      onSubmit={onAdd}
    />
  );
}
