export type IllustrationProps = { className?: string };
