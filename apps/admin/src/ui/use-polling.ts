import { useEffect, useRef } from 'react';

/**
 * The inbox's one poll: asks `ask` every `intervalMs` while the component shows `key` (and at once,
 * unless `atOnce` is false), handing each answer to `onAnswer`. It pauses while the tab is hidden and
 * asks at once when the tab shows again, so a tab in the background costs the server nothing. A failed
 * question changes nothing (the next one asks again); an answer that arrives after `key` changed is
 * dropped.
 */
export function usePolling<T>(
  key: string,
  intervalMs: number,
  ask: () => Promise<T>,
  onAnswer: (answer: T) => void = () => {},
  { atOnce = true }: { atOnce?: boolean } = {},
) {
  const latest = useRef({ ask, onAnswer });
  useEffect(() => {
    latest.current = { ask, onAnswer };
  });

  useEffect(() => {
    let current = true;
    const poll = () => {
      if (document.visibilityState !== 'visible') return;
      latest.current.ask().then(
        (answer) => {
          if (current) latest.current.onAnswer(answer);
        },
        () => {},
      );
    };
    if (atOnce) poll();
    const timer = setInterval(poll, intervalMs);
    document.addEventListener('visibilitychange', poll);
    return () => {
      current = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
    };
  }, [key, intervalMs, atOnce]);
}
