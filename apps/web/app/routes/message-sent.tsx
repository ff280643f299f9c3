import { PageFrame } from '../components/layout/page-frame';
import { languageAndCopyOf, useCopy, useLanguage } from '../lib/language';
import { pageMeta } from '../lib/page-meta';
import { pagePath, paths } from '../paths';
import type { Route } from './+types/message-sent';

export const meta: Route.MetaFunction = ({ location }) => {
  const { language, copy } = languageAndCopyOf(location.pathname);
  const text = copy.contactPage.sent;
  return pageMeta({
    title: text.metaTitle,
    description: text.text,
    path: paths.messageSent,
    language,
    noindex: true,
  });
};

/** The thank-you page of a form sent without JavaScript. */
export default function MessageSent() {
  const language = useLanguage();
  const text = useCopy().contactPage.sent;
  return (
    <PageFrame path={paths.messageSent}>
      <div className="container notice-page">
        <h1>{text.title}</h1>
        <p>{text.text}</p>
        <p className="notice-actions">
          <a className="button button-primary button-large" href={pagePath(language, paths.home)}>
            {text.home}
          </a>
          <a className="button button-light button-large" href={pagePath(language, paths.contact)}>
            {text.another}
          </a>
        </p>
      </div>
    </PageFrame>
  );
}
