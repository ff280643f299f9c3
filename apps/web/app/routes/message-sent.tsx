import { PageFrame } from '../components/layout/page-frame';
import { contactFormText } from '../content/contact-form';
import { pageMeta } from '../lib/page-meta';
import { paths } from '../paths';
import type { Route } from './+types/message-sent';

const text = contactFormText.sentPage;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: text.metaTitle, description: text.text, path: paths.messageSent, noindex: true });

/** The thank-you page of a form sent without JavaScript. */
export default function MessageSent() {
  return (
    <PageFrame>
      <div className="container notice-page">
        <h1>{text.title}</h1>
        <p>{text.text}</p>
        <p className="notice-actions">
          <a className="button button-primary button-large" href={paths.home}>
            {text.home}
          </a>
          <a className="button button-light button-large" href={paths.contact}>
            {text.another}
          </a>
        </p>
      </div>
    </PageFrame>
  );
}
