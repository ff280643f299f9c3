import type { IllustrationProps } from './illustration-props';

export function SupportIllustration({ className }: IllustrationProps) {
  return (
    <svg viewBox="0 0 360 280" className={className} aria-hidden="true" focusable="false">
      <circle cx="180" cy="150" r="116" fill="var(--c-surface)" />
      <path
        d="M112 160v-24a68 68 0 0 1 136 0v24"
        fill="none"
        stroke="var(--c-primary-dark)"
        strokeWidth="14"
        strokeLinecap="round"
      />
      <rect x="94" y="132" width="40" height="68" rx="16" fill="var(--c-primary)" />
      <rect x="226" y="132" width="40" height="68" rx="16" fill="var(--c-primary)" />
      <rect x="104" y="146" width="8" height="40" rx="4" fill="#fff" opacity=".35" />
      <path
        d="M246 200c0 30-22 44-52 44"
        fill="none"
        stroke="var(--c-primary-dark)"
        strokeWidth="7"
        strokeLinecap="round"
      />
      <rect x="168" y="234" width="30" height="20" rx="10" fill="var(--c-accent)" />
      <g transform="translate(20 34)">
        <path
          d="M12 0h92a12 12 0 0 1 12 12v32a12 12 0 0 1-12 12H34l-16 14v-14h-6A12 12 0 0 1 0 44V12A12 12 0 0 1 12 0z"
          fill="#fff"
          stroke="var(--c-line)"
          strokeWidth="2"
        />
        <rect x="16" y="16" width="76" height="7" rx="3.5" fill="var(--c-ink)" opacity=".7" />
        <rect x="16" y="31" width="50" height="7" rx="3.5" fill="var(--c-line)" />
      </g>
      <g transform="translate(228 24)">
        <path
          d="M12 0h88a12 12 0 0 1 12 12v28a12 12 0 0 1-12 12h-6v14l-16-14H12A12 12 0 0 1 0 40V12A12 12 0 0 1 12 0z"
          fill="var(--c-primary)"
        />
        <circle cx="34" cy="26" r="5" fill="#fff" />
        <circle cx="56" cy="26" r="5" fill="#fff" opacity=".75" />
        <circle cx="78" cy="26" r="5" fill="#fff" opacity=".5" />
      </g>
      <g transform="translate(270 180)">
        <path
          d="M32 0l30 10v24c0 20-13 34-30 42C15 68 2 54 2 34V10z"
          fill="var(--c-accent)"
          stroke="#fff"
          strokeWidth="4"
          strokeLinejoin="round"
        />
        <path
          d="M19 36l9 9 17-18"
          fill="none"
          stroke="#fff"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
      <circle cx="60" cy="230" r="8" fill="var(--c-primary)" opacity=".25" />
      <circle cx="84" cy="254" r="4" fill="var(--c-accent)" opacity=".5" />
    </svg>
  );
}
