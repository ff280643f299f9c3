/** The outcome of the last action: announced politely when it worked, at once when it failed. */
export type Outcome = { kind: 'done' | 'error'; text: string } | null;

export function Notice({ outcome }: { outcome: Outcome }) {
  return (
    <>
      <p role="status" className={outcome?.kind === 'done' ? 'notice done' : 'visually-hidden'}>
        {outcome?.kind === 'done' ? outcome.text : ''}
      </p>
      <p role="alert" className={outcome?.kind === 'error' ? 'notice error' : 'visually-hidden'}>
        {outcome?.kind === 'error' ? outcome.text : ''}
      </p>
    </>
  );
}
