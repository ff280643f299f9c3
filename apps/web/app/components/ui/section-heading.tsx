type SectionHeadingProps = { id: string; title: string; intro?: string; tone?: 'light' | 'dark' };

export function SectionHeading({ id, title, intro, tone = 'dark' }: SectionHeadingProps) {
  return (
    <header className={`section-heading section-heading-${tone}`} data-reveal="fade-up">
      <h2 id={id}>{title}</h2>
      {intro ? <p>{intro}</p> : null}
    </header>
  );
}
