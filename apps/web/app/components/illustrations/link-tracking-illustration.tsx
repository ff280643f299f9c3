import type { IllustrationProps } from './illustration-props';

export function LinkTrackingIllustration({ className }: IllustrationProps) {
  return (
    <svg viewBox="0 0 480 320" className={className} aria-hidden="true" focusable="false">
      <rect x="16" y="24" width="448" height="272" rx="28" fill="var(--c-surface)" />
      <rect
        x="32"
        y="134"
        width="158"
        height="52"
        rx="26"
        fill="#fff"
        stroke="var(--c-line)"
        strokeWidth="2"
      />
      <circle cx="60" cy="160" r="18" fill="var(--c-primary)" />
      <g fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round">
        <rect x="47" y="154" width="16" height="10" rx="5" transform="rotate(-45 55 159)" />
        <rect x="57" y="156" width="16" height="10" rx="5" transform="rotate(-45 65 161)" />
      </g>
      <rect x="88" y="152" width="80" height="8" rx="4" fill="var(--c-ink)" opacity=".8" />
      <rect x="88" y="166" width="50" height="6" rx="3" fill="var(--c-line)" />
      <path
        d="M190 160c30 0 20-60 54-60"
        fill="none"
        stroke="var(--c-primary)"
        strokeWidth="2.5"
        strokeDasharray="5 6"
        strokeLinecap="round"
      />
      <circle cx="190" cy="160" r="5" fill="var(--c-primary)" />
      <path
        d="M150 176v18l5-4.5 3.6 8 3.6-1.6-3.6-7.8h6.8z"
        fill="var(--c-ink)"
        stroke="#fff"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <rect
        x="244"
        y="48"
        width="208"
        height="224"
        rx="16"
        fill="#fff"
        stroke="var(--c-line)"
        strokeWidth="2"
      />
      <rect x="262" y="66" width="60" height="8" rx="4" fill="var(--c-ink)" opacity=".8" />
      <circle cx="426" cy="70" r="8" fill="var(--c-accent)" opacity=".2" />
      <rect x="262" y="86" width="82" height="38" rx="8" fill="var(--c-surface)" />
      <rect x="272" y="96" width="26" height="5" rx="2.5" fill="var(--c-muted)" opacity=".6" />
      <rect x="272" y="108" width="44" height="8" rx="4" fill="var(--c-primary)" />
      <rect x="352" y="86" width="82" height="38" rx="8" fill="var(--c-surface)" />
      <rect x="362" y="96" width="26" height="5" rx="2.5" fill="var(--c-muted)" opacity=".6" />
      <rect x="362" y="108" width="36" height="8" rx="4" fill="var(--c-accent)" />
      <path d="M262 136h172M262 160h172M262 184h172" stroke="var(--c-line)" />
      <path d="M262 184l30-16 26 8 30-28 28 10 30-26 28-4v56H262z" fill="var(--c-primary)" opacity=".12" />
      <path
        d="M262 184l30-16 26 8 30-28 28 10 30-26 28-4"
        fill="none"
        stroke="var(--c-primary)"
        strokeWidth="3"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <circle cx="406" cy="132" r="5" fill="#fff" stroke="var(--c-primary)" strokeWidth="3" />
      <g fill="var(--c-accent)">
        <rect x="266" y="226" width="16" height="30" rx="3" opacity=".45" />
        <rect x="294" y="214" width="16" height="42" rx="3" opacity=".6" />
        <rect x="322" y="232" width="16" height="24" rx="3" opacity=".45" />
        <rect x="350" y="206" width="16" height="50" rx="3" />
        <rect x="378" y="220" width="16" height="36" rx="3" opacity=".6" />
        <rect x="406" y="200" width="16" height="56" rx="3" />
      </g>
    </svg>
  );
}
