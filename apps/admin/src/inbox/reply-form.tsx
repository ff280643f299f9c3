import { useEffect, useState } from 'react';
import { type SavedReply, savedReplies } from '../api/conversations.ts';
import { Composer } from './composer.tsx';

type Props = {
  /** Sends the text; resolves true when it went, false when it was refused (the draft stays). */
  onSend: (text: string) => Promise<boolean>;
  /** Whether the operator is writing: the others see it. */
  onWriting: (writing: boolean) => void;
  visitor: string;
};

/** The reply to the visitor: plain text, a saved reply to start from, the visitor's message quoted below. */
export function ReplyForm({ onSend, onWriting, visitor }: Props) {
  const [text, setText] = useState('');
  const [saved, setSaved] = useState<SavedReply[]>([]);

  useEffect(() => {
    savedReplies.list().then(setSaved, () => setSaved([]));
  }, []);
  const writing = text.trim() !== '';
  useEffect(() => onWriting(writing), [writing, onWriting]);

  const insert = (seq: string) => {
    const chosen = saved.find((item) => String(item.seq) === seq);
    if (chosen) setText((draft) => (draft.trim() === '' ? chosen.text : `${draft}\n\n${chosen.text}`));
  };

  return (
    <Composer
      id="reply-text"
      label="Reply"
      beside={
        saved.length > 0 && (
          <select aria-label="Insert a saved reply" value="" onChange={(event) => insert(event.target.value)}>
            <option value="">Insert a saved reply…</option>
            {saved.map((item) => (
              <option key={item.seq} value={item.seq}>
                {item.name}
              </option>
            ))}
          </select>
        )
      }
      rows={7}
      hint={`Sent by e-mail to ${visitor}, with their message quoted below it.`}
      submit={{ label: 'Send reply', busy: 'Sending…', primary: true }}
      text={text}
      onText={setText}
      onSubmit={onSend}
    />
  );
}
