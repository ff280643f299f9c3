import type { IllustrationProps } from './illustration-props';

export function QuantumIllustration({ className }: IllustrationProps) {
  return (
    <svg viewBox="0 0 240 160" className={className} aria-hidden="true" focusable="false">
      <circle cx="120" cy="80" r="70" fill="var(--c-surface)" />
      <g fill="none" strokeWidth="2.5">
        <ellipse cx="120" cy="80" rx="86" ry="26" stroke="var(--c-primary)" />
        <ellipse cx="120" cy="80" rx="86" ry="26" stroke="var(--c-accent)" transform="rotate(60 120 80)" />
        <ellipse
          cx="120"
          cy="80"
          rx="86"
          ry="26"
          stroke="var(--c-primary-dark)"
          transform="rotate(-60 120 80)"
        />
      </g>
      <circle cx="120" cy="80" r="16" fill="var(--c-primary)" opacity=".2" />
      <circle cx="120" cy="80" r="10" fill="var(--c-primary)" />
      <circle cx="116" cy="76" r="3" fill="#fff" opacity=".7" />
      <circle cx="34" cy="80" r="6" fill="var(--c-primary)" stroke="#fff" strokeWidth="2" />
      <circle cx="134.5" cy="141.9" r="6" fill="var(--c-accent)" stroke="#fff" strokeWidth="2" />
      <circle cx="166.3" cy="36.5" r="6" fill="var(--c-primary-dark)" stroke="#fff" strokeWidth="2" />
      <circle cx="200" cy="30" r="3" fill="var(--c-accent)" opacity=".5" />
      <circle cx="40" cy="130" r="4" fill="var(--c-primary)" opacity=".3" />
    </svg>
  );
}
