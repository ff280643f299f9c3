type SectionHeadingProps = {
  id: string;
  title: string;
  intro?: string;
  tone?: 'light' | 'dark';
  level?: 1 | 2;
};

export function SectionHeading({ id, title, intro, tone = 'dark', level = 2 }: SectionHeadingProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header className={`section-heading section-heading-${tone}`} data-reveal="fade-up">
      <Heading id={id}>{title}</Heading>
      {intro ? <p>{intro}</p> : null}
    </header>
  );
}
