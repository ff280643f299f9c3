import { PageFrame } from '../components/layout/page-frame';
import { site } from '../content/site';
import { paths } from '../paths';
import { pageMeta } from '../lib/page-meta';
import type { Route } from './+types/not-found';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: site.notFound.metaTitle,
    description: site.notFound.text,
    path: paths.notFound,
    noindex: true,
  });

export default function NotFound() {
  return (
    <PageFrame>
      <div className="container notice-page">
        <h1>{site.notFound.title}</h1>
        <p>{site.notFound.text}</p>
        <a className="button button-primary button-large" href={paths.home}>
          {site.notFound.action}
        </a>
      </div>
    </PageFrame>
  );
}
