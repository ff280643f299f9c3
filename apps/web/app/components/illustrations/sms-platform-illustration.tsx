import type { IllustrationProps } from './illustration-props';

export function SmsPlatformIllustration({ className }: IllustrationProps) {
  return (
    <svg viewBox="0 0 480 320" className={className} aria-hidden="true" focusable="false">
      <circle cx="210" cy="160" r="130" fill="var(--c-surface)" />
      <rect x="130" y="24" width="144" height="276" rx="24" fill="var(--c-ink)" />
      <rect x="140" y="36" width="124" height="252" rx="16" fill="#fff" />
      <rect x="182" y="42" width="40" height="8" rx="4" fill="var(--c-ink)" />
      <rect x="140" y="56" width="124" height="26" fill="var(--c-surface)" />
      <circle cx="158" cy="69" r="7" fill="var(--c-primary)" opacity=".3" />
      <rect x="172" y="66" width="44" height="6" rx="3" fill="var(--c-ink)" opacity=".7" />
      <path
        d="M150 100a8 8 0 0 1 8-8h60a8 8 0 0 1 8 8v18a8 8 0 0 1-8 8h-64l-4 6z"
        fill="var(--c-surface)"
        stroke="var(--c-line)"
      />
      <rect x="160" y="102" width="52" height="5" rx="2.5" fill="var(--c-muted)" opacity=".6" />
      <rect x="160" y="113" width="34" height="5" rx="2.5" fill="var(--c-muted)" opacity=".6" />
      <path d="M254 146a8 8 0 0 0-8-8h-66a8 8 0 0 0-8 8v18a8 8 0 0 0 8 8h70l4 6z" fill="var(--c-primary)" />
      <rect x="182" y="148" width="56" height="5" rx="2.5" fill="#fff" />
      <rect x="182" y="159" width="38" height="5" rx="2.5" fill="#fff" opacity=".7" />
      <path
        d="M150 194a8 8 0 0 1 8-8h46a8 8 0 0 1 8 8v10a8 8 0 0 1-8 8h-50l-4 6z"
        fill="var(--c-surface)"
        stroke="var(--c-line)"
      />
      <rect x="160" y="196" width="38" height="5" rx="2.5" fill="var(--c-muted)" opacity=".6" />
      <path d="M254 232a8 8 0 0 0-8-8h-50a8 8 0 0 0-8 8v10a8 8 0 0 0 8 8h54l4 6z" fill="var(--c-primary)" />
      <rect x="198" y="234" width="40" height="5" rx="2.5" fill="#fff" />
      <rect x="150" y="264" width="84" height="14" rx="7" fill="var(--c-surface)" stroke="var(--c-line)" />
      <circle cx="246" cy="271" r="8" fill="var(--c-accent)" />
      <g
        fill="none"
        stroke="var(--c-primary)"
        strokeWidth="2"
        strokeDasharray="4 6"
        strokeLinecap="round"
        opacity=".5"
      >
        <path d="M278 150c30-10 50-50 80-70" />
        <path d="M278 160h90" />
        <path d="M278 170c30 10 50 50 80 70" />
      </g>
      <g transform="rotate(-10 400 74)">
        <rect x="360" y="56" width="84" height="36" rx="12" fill="var(--c-primary)" />
        <rect x="372" y="66" width="50" height="5" rx="2.5" fill="#fff" />
        <rect x="372" y="77" width="32" height="5" rx="2.5" fill="#fff" opacity=".7" />
      </g>
      <rect x="372" y="142" width="84" height="36" rx="12" fill="var(--c-accent)" />
      <rect x="384" y="152" width="50" height="5" rx="2.5" fill="#fff" />
      <rect x="384" y="163" width="32" height="5" rx="2.5" fill="#fff" opacity=".7" />
      <g transform="rotate(10 400 246)">
        <rect x="360" y="228" width="84" height="36" rx="12" fill="var(--c-primary-dark)" />
        <rect x="372" y="238" width="50" height="5" rx="2.5" fill="#fff" />
        <rect x="372" y="249" width="32" height="5" rx="2.5" fill="#fff" opacity=".7" />
      </g>
      <circle cx="96" cy="92" r="10" fill="var(--c-accent)" opacity=".25" />
      <circle cx="70" cy="220" r="6" fill="var(--c-primary)" opacity=".3" />
    </svg>
  );
}
