type BannerProps = { tone: 'success' | 'error'; text: string };

export function Banner({ tone, text }: BannerProps) {
  return <p className={`banner banner-${tone}`}>{text}</p>;
}
