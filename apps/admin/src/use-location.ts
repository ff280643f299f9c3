import { useCallback, useEffect, useState } from 'react';

/** The page path, kept with the browser's history so Back and Forward work; the `state` rides along unseen. */
export function useLocation() {
  const [path, setPath] = useState(() => location.pathname.replace(/\/+$/, '') || '/');
  useEffect(() => {
    const onPop = () => setPath(location.pathname);
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((to: string, state: unknown = null) => {
    history.pushState(state, '', to);
    setPath(to);
    scrollTo(0, 0);
  }, []);
  return { path, navigate };
}

export type Navigate = ReturnType<typeof useLocation>['navigate'];
