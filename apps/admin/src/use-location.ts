import { useCallback, useEffect, useState } from 'react';

/** The page a path names, without its query (`/admin?message=…` is the inbox) or a trailing slash. */
const pageOf = (path: string) => path.replace(/[?#].*$/, '').replace(/\/+$/, '') || '/';

/** The page path, kept with the browser's history so Back and Forward work; the `state` rides along unseen. */
export function useLocation() {
  const [path, setPath] = useState(() => pageOf(location.pathname));
  useEffect(() => {
    const onPop = () => setPath(pageOf(location.pathname));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((to: string, state: unknown = null) => {
    history.pushState(state, '', to);
    setPath(pageOf(to));
    scrollTo(0, 0);
  }, []);
  return { path, navigate };
}

export type Navigate = ReturnType<typeof useLocation>['navigate'];
