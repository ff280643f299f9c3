import { type ReactNode, useEffect, useId, useRef } from 'react';

type Props = {
  title: string;
  /** What will happen, in words the operator can check before going on. */
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A modal question (the browser's own dialog: focus stays inside, Escape cancels); Cancel has the focus. */
export function ConfirmDialog({ title, children, confirmLabel, danger, onConfirm, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="confirm"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div id={textId}>{children}</div>
      <div className="actions">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the safe choice takes the focus in a dialog */}
        <button type="button" autoFocus onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={danger ? 'danger' : 'primary'} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
