import { useEffect, useState } from 'react';
import { type LinkClaim, linkClaim, onLinkOpened } from './link-token.ts';

/** The link this tab opened, as it is known: 'checking' while its token is being traded, null without one. */
export function useLinkClaim() {
  const [claim, setClaim] = useState<LinkClaim | 'checking' | null>(linkClaim() ? 'checking' : null);
  useEffect(() => {
    let current = true;
    const follow = () => {
      const pending = linkClaim();
      if (!pending) return;
      setClaim('checking');
      void pending.then((known) => current && linkClaim() === pending && setClaim(known));
    };
    follow();
    const stop = onLinkOpened(follow);
    return () => {
      current = false;
      stop();
    };
  }, []);
  return claim;
}
