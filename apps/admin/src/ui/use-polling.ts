import { useEffect, useRef } from 'react';

/**
 * Asks `ask` at once and every `intervalMs` while the component shows `key`, handing each answer to
 * `onAnswer`. A failed question changes nothing (the next one asks again); an answer that arrives after
 * `key` changed is dropped.
 */
export function usePolling<T>(
  key: string,
  intervalMs: number,
  ask: () => Promise<T>,
  onAnswer: (answer: T) => void,
) {
  const latest = useRef({ ask, onAnswer });
  useEffect(() => {
    latest.current = { ask, onAnswer };
  });

  useEffect(() => {
    let current = true;
    const poll = () =>
      latest.current.ask().then(
        (answer) => {
          if (current) latest.current.onAnswer(answer);
        },
        () => {},
      );
    void poll();
    const timer = setInterval(poll, intervalMs);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [key, intervalMs]);
}
