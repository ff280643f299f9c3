import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import type { Navigate } from '../use-location.ts';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; navigate: Navigate; state?: unknown };

/** A real link (it opens in a new tab as any link does) that changes page without a reload. */
export function AppLink({ href, navigate, state, onClick, children, ...rest }: Props) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    navigate(href, state);
  };
  return (
    <a href={href} onClick={follow} {...rest}>
      {children}
    </a>
  );
}
