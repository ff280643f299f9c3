import type { IllustrationProps } from './illustration-props';

export function AboutIllustration({ className }: IllustrationProps) {
  return (
    <svg viewBox="0 0 560 420" className={className} aria-hidden="true" focusable="false">
      <circle cx="290" cy="200" r="190" fill="var(--c-surface)" />
      <path d="M262 300h56l10 44h-76z" fill="var(--c-line)" />
      <rect x="220" y="340" width="140" height="12" rx="6" fill="var(--c-line)" />
      <rect x="120" y="60" width="340" height="244" rx="16" fill="var(--c-ink)" />
      <rect x="132" y="72" width="316" height="220" rx="8" fill="#fff" />
      <rect x="152" y="92" width="90" height="10" rx="5" fill="var(--c-ink)" opacity=".8" />
      <rect x="152" y="110" width="56" height="6" rx="3" fill="var(--c-muted)" opacity=".5" />
      <rect x="370" y="90" width="58" height="20" rx="10" fill="var(--c-accent)" opacity=".15" />
      <path d="M152 176h276M152 216h276M152 256h276" stroke="var(--c-line)" />
      <g fill="var(--c-primary)" opacity=".2">
        <rect x="164" y="226" width="26" height="46" rx="4" />
        <rect x="212" y="210" width="26" height="62" rx="4" />
        <rect x="260" y="196" width="26" height="76" rx="4" />
        <rect x="308" y="170" width="26" height="102" rx="4" />
        <rect x="356" y="150" width="26" height="122" rx="4" />
      </g>
      <path
        d="M160 236l50-30 46 10 52-46 48-12 42-30"
        fill="none"
        stroke="var(--c-primary)"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M384 124l20-4-6 19"
        fill="none"
        stroke="var(--c-primary)"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="308" cy="170" r="7" fill="#fff" stroke="var(--c-accent)" strokeWidth="4" />
      <g transform="rotate(-4 100 150)">
        <rect
          x="40"
          y="118"
          width="124"
          height="68"
          rx="12"
          fill="#fff"
          stroke="var(--c-line)"
          strokeWidth="2"
        />
        <circle cx="66" cy="144" r="12" fill="var(--c-accent)" />
        <rect x="86" y="136" width="60" height="7" rx="3.5" fill="var(--c-ink)" opacity=".75" />
        <rect x="86" y="149" width="40" height="5" rx="2.5" fill="var(--c-line)" />
        <rect x="54" y="166" width="96" height="6" rx="3" fill="var(--c-primary)" opacity=".2" />
        <rect x="54" y="166" width="62" height="6" rx="3" fill="var(--c-primary)" />
      </g>
      <g transform="translate(468 70)">
        <circle r="46" fill="#fff" stroke="var(--c-line)" strokeWidth="2" />
        <circle r="34" fill="var(--c-accent)" />
        <circle r="22" fill="#fff" />
        <circle r="10" fill="var(--c-accent)" />
        <path d="M0 0l34-34" stroke="var(--c-ink)" strokeWidth="4" strokeLinecap="round" />
        <path d="M30-38l8-6v10h10l-6 8" fill="var(--c-primary)" />
      </g>
      <g transform="translate(24 350) rotate(-12) scale(.8)">
        <path d="M30 0l80-36v96L30 24z" fill="var(--c-primary)" />
        <rect x="0" y="-6" width="34" height="36" rx="8" fill="var(--c-primary-dark)" />
        <path d="M28 28l10 34h-16l-12-32" fill="var(--c-primary-dark)" />
        <rect x="104" y="-40" width="14" height="104" rx="7" fill="var(--c-ink)" />
        <path
          d="M132 -8q12 20 0 40M146 -22q22 34 0 68"
          fill="none"
          stroke="var(--c-accent)"
          strokeWidth="5"
          strokeLinecap="round"
        />
      </g>
      <g transform="translate(404 262)">
        <rect width="132" height="80" rx="12" fill="#fff" stroke="var(--c-line)" strokeWidth="2" />
        <circle cx="34" cy="40" r="20" fill="none" stroke="var(--c-line)" strokeWidth="10" />
        <path d="M34 20a20 20 0 0 1 19 26" fill="none" stroke="var(--c-primary)" strokeWidth="10" />
        <rect x="68" y="26" width="48" height="7" rx="3.5" fill="var(--c-ink)" opacity=".75" />
        <rect x="68" y="40" width="34" height="5" rx="2.5" fill="var(--c-accent)" />
        <rect x="68" y="52" width="42" height="5" rx="2.5" fill="var(--c-line)" />
      </g>
    </svg>
  );
}
