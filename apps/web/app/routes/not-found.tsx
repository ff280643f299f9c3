import { PageFrame } from '../components/layout/page-frame';
import { languageAndCopyOf, useCopy, useLanguage } from '../lib/language';
import { pageMeta } from '../lib/page-meta';
import { pagePath, paths } from '../paths';
import type { Route } from './+types/not-found';

export const meta: Route.MetaFunction = ({ location }) => {
  const { language, copy } = languageAndCopyOf(location.pathname);
  const { notFound } = copy.site;
  return pageMeta({
    title: notFound.metaTitle,
    description: notFound.text,
    path: paths.notFound,
    language,
    noindex: true,
  });
};

export default function NotFound() {
  const language = useLanguage();
  const { notFound } = useCopy().site;
  return (
    <PageFrame path={paths.notFound}>
      <div className="container notice-page">
        <h1>{notFound.title}</h1>
        <p>{notFound.text}</p>
        <a className="button button-primary button-large" href={pagePath(language, paths.home)}>
          {notFound.action}
        </a>
      </div>
    </PageFrame>
  );
}
