import type { IllustrationProps } from './illustration-props';

export function WhiteLabelIllustration({ className }: IllustrationProps) {
  return (
    <svg viewBox="0 0 360 280" className={className} aria-hidden="true" focusable="false">
      <rect x="20" y="24" width="320" height="236" rx="28" fill="var(--c-surface)" />
      <g transform="rotate(-8 130 160)">
        <rect x="56" y="76" width="140" height="170" rx="16" fill="var(--c-accent)" />
        <rect x="76" y="150" width="100" height="56" rx="8" fill="#fff" opacity=".9" />
      </g>
      <rect x="104" y="60" width="140" height="180" rx="16" fill="var(--c-primary)" />
      <path d="M104 76a16 16 0 0 1 16-16h108a16 16 0 0 1 16 16v36H104z" fill="var(--c-accent)" />
      <rect x="124" y="140" width="100" height="60" rx="8" fill="#fff" />
      <rect
        x="132"
        y="148"
        width="84"
        height="44"
        rx="5"
        fill="none"
        stroke="var(--c-line)"
        strokeWidth="2"
        strokeDasharray="5 5"
      />
      <circle cx="174" cy="170" r="10" fill="var(--c-surface)" stroke="var(--c-line)" strokeWidth="2" />
      <rect x="134" y="214" width="80" height="6" rx="3" fill="#fff" opacity=".4" />
      <path
        d="M250 112h20V50h-52V34"
        fill="none"
        stroke="var(--c-ink)"
        strokeWidth="5"
        strokeLinejoin="round"
      />
      <rect x="211" y="8" width="14" height="34" rx="7" fill="var(--c-ink)" />
      <rect
        x="96"
        y="100"
        width="156"
        height="24"
        rx="10"
        fill="var(--c-accent)"
        stroke="#fff"
        strokeWidth="3"
      />
      <g transform="rotate(-14 300 178)">
        <path
          d="M272 156h44a8 8 0 0 1 8 8v28a8 8 0 0 1-8 8h-44l-16-22z"
          fill="#fff"
          stroke="var(--c-line)"
          strokeWidth="2"
        />
        <circle cx="268" cy="178" r="4" fill="var(--c-surface)" stroke="var(--c-muted)" strokeWidth="2" />
        <rect x="282" y="168" width="30" height="6" rx="3" fill="var(--c-accent)" />
        <rect x="282" y="182" width="20" height="6" rx="3" fill="var(--c-primary)" />
      </g>
      <path
        d="M262 184c-6 8-12 10-18 10"
        fill="none"
        stroke="var(--c-muted)"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <g transform="translate(276 234)">
        <circle r="8" fill="var(--c-primary)" />
        <path
          d="M14 -3h12l-4-4M26 3H14l4 4"
          fill="none"
          stroke="var(--c-muted)"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="40" r="8" fill="var(--c-accent)" />
      </g>
    </svg>
  );
}
