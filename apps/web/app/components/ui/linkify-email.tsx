const emailPattern = /([^\s@()]+@[^\s@()]+\.[a-z]{2,})/gi;

/** Renders text with every e-mail address in it as a mailto link. */
export function LinkifyEmail({ text }: { text: string }) {
  const parts = text.split(emailPattern);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={`mailto:${part}`}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}
