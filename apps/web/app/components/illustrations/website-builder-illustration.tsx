import type { IllustrationProps } from './illustration-props';

export function WebsiteBuilderIllustration({ className }: IllustrationProps) {
  return (
    <svg viewBox="0 0 480 320" className={className} aria-hidden="true" focusable="false">
      <rect x="16" y="24" width="448" height="272" rx="28" fill="var(--c-surface)" />
      <rect
        x="36"
        y="40"
        width="300"
        height="242"
        rx="12"
        fill="#fff"
        stroke="var(--c-line)"
        strokeWidth="2"
      />
      <path d="M37 68V52a11 11 0 0 1 11-11h276a11 11 0 0 1 11 11v16z" fill="var(--c-line)" opacity=".6" />
      <circle cx="54" cy="55" r="4" fill="var(--c-accent)" />
      <circle cx="67" cy="55" r="4" fill="var(--c-primary)" opacity=".5" />
      <circle cx="80" cy="55" r="4" fill="var(--c-muted)" opacity=".5" />
      <rect x="98" y="49" width="170" height="12" rx="6" fill="#fff" />
      <rect x="52" y="80" width="268" height="16" rx="5" fill="var(--c-ink)" />
      <rect x="60" y="86" width="28" height="4" rx="2" fill="#fff" />
      <path d="M252 88h10m8 0h10" stroke="#fff" strokeWidth="4" strokeLinecap="round" opacity=".6" />
      <rect x="290" y="86" width="22" height="4" rx="2" fill="var(--c-accent)" />
      <rect x="52" y="104" width="268" height="74" rx="9" fill="var(--c-primary)" />
      <rect x="68" y="120" width="116" height="10" rx="5" fill="#fff" />
      <rect x="68" y="138" width="84" height="6" rx="3" fill="#fff" opacity=".6" />
      <rect x="68" y="154" width="48" height="12" rx="6" fill="var(--c-accent)" />
      <circle cx="270" cy="141" r="26" fill="#fff" opacity=".15" />
      <path d="M246 160l16-18 10 10 8-7 18 15z" fill="#fff" opacity=".5" />
      <g fill="var(--c-surface)" stroke="var(--c-line)">
        <rect x="52" y="188" width="82" height="78" rx="9" />
        <rect x="145" y="188" width="82" height="78" rx="9" />
      </g>
      <rect x="62" y="198" width="22" height="22" rx="6" fill="var(--c-primary)" opacity=".2" />
      <rect x="155" y="198" width="22" height="22" rx="6" fill="var(--c-accent)" opacity=".25" />
      <path
        d="M65 233h54M65 247h36M158 233h54M158 247h36"
        stroke="var(--c-line)"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <rect
        x="238"
        y="188"
        width="82"
        height="78"
        rx="9"
        fill="none"
        stroke="var(--c-primary)"
        strokeWidth="2"
        strokeDasharray="6 5"
        opacity=".6"
      />
      <g transform="rotate(-6 300 222)">
        <rect
          x="258"
          y="180"
          width="82"
          height="78"
          rx="9"
          fill="#fff"
          stroke="var(--c-primary)"
          strokeWidth="2"
        />
        <rect x="268" y="190" width="22" height="22" rx="6" fill="var(--c-primary)" />
        <path
          d="M271 225h54M271 239h36"
          stroke="var(--c-primary)"
          strokeWidth="6"
          strokeLinecap="round"
          opacity=".3"
        />
      </g>
      <path
        d="M322 236v20l5.5-5 4 9 4-1.8-4-8.7h7.5z"
        fill="var(--c-ink)"
        stroke="#fff"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <rect
        x="360"
        y="56"
        width="90"
        height="208"
        rx="14"
        fill="#fff"
        stroke="var(--c-line)"
        strokeWidth="2"
      />
      <rect x="374" y="72" width="40" height="6" rx="3" fill="var(--c-muted)" opacity=".5" />
      <rect x="374" y="90" width="62" height="12" rx="4" fill="var(--c-ink)" opacity=".85" />
      <rect x="374" y="112" width="62" height="34" rx="6" fill="var(--c-primary)" />
      <rect x="382" y="121" width="30" height="5" rx="2.5" fill="#fff" />
      <rect x="382" y="132" width="18" height="5" rx="2.5" fill="var(--c-accent)" />
      <path
        d="M374 160a4 4 0 0 1 4-4h10a4 4 0 0 1 4 4v14a4 4 0 0 1-4 4h-10a4 4 0 0 1-4-4zm22 0a4 4 0 0 1 4-4h10a4 4 0 0 1 4 4v14a4 4 0 0 1-4 4h-10a4 4 0 0 1-4-4zm22 0a4 4 0 0 1 4-4h10a4 4 0 0 1 4 4v14a4 4 0 0 1-4 4h-10a4 4 0 0 1-4-4z"
        fill="var(--c-primary)"
        opacity=".25"
      />
      <rect x="374" y="188" width="62" height="26" rx="6" fill="var(--c-accent)" opacity=".85" />
      <circle cx="386" cy="201" r="5" fill="#fff" />
      <rect x="396" y="198" width="30" height="6" rx="3" fill="#fff" opacity=".8" />
      <rect x="374" y="224" width="62" height="24" rx="6" fill="var(--c-surface)" stroke="var(--c-line)" />
      <rect x="382" y="233" width="46" height="6" rx="3" fill="var(--c-line)" />
    </svg>
  );
}
