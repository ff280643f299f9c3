import { intlLocales } from '../../content/languages';
import type { LegalBlock, LegalPage } from '../../content/legal-types';
import { useLanguage } from '../../lib/language';
import { LinkifyEmail } from '../ui/linkify-email';

const longDate = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });

function Block({ block }: { block: LegalBlock }) {
  if (block.kind === 'list')
    return (
      <ul>
        {block.items.map((item) => (
          <li key={item}>
            <LinkifyEmail text={item} />
          </li>
        ))}
      </ul>
    );
  return (
    <p>
      <LinkifyEmail text={block.text} />
    </p>
  );
}

/** A legal page: title, revision date, contents list and numbered sections. */
export function LegalDocument({ page, lastUpdatedLabel }: { page: LegalPage; lastUpdatedLabel: string }) {
  const locale = intlLocales[useLanguage()];
  return (
    <div className="container">
      <article className="legal">
        <h1>{page.title}</h1>
        <p className="legal-updated">
          {lastUpdatedLabel}:{' '}
          <time dateTime={page.lastUpdated}>{longDate(locale).format(new Date(page.lastUpdated))}</time>
        </p>
        {page.intro.map((block, index) => (
          <Block key={index} block={block} />
        ))}
        <nav className="legal-contents" aria-label={page.title}>
          <ol>
            {page.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        {page.sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id}>{section.heading}</h2>
            {section.blocks.map((block, index) => (
              <Block key={index} block={block} />
            ))}
          </section>
        ))}
      </article>
    </div>
  );
}
