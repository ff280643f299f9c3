import { useEffect, useRef } from 'react';

export type Shortcuts = Partial<Record<'j' | 'k' | 'e' | '/' | 'Escape', () => void>>;

/** Whether a key pressed here is text being typed (a field, or anything editable), not a shortcut. */
export const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Whether a key is for the text being written: Escape too in a text box, where leaving would lose a draft. */
export const keptForText = (key: string, target: EventTarget | null) =>
  typingIn(target) && (key !== 'Escape' || (target as HTMLElement).tagName === 'TEXTAREA');

/**
 * Mail-client keys: j and k move, e archives, / searches, Escape goes back to the list. Not while typing,
 * not with a modifier, not while a dialog is open.
 */
export function useShortcuts(shortcuts: Shortcuts) {
  const current = useRef(shortcuts);
  useEffect(() => {
    current.current = shortcuts;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (document.querySelector('dialog[open]')) return;
      if (keptForText(event.key, event.target)) return;
      const action = current.current[event.key as keyof Shortcuts];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
