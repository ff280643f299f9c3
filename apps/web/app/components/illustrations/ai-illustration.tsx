import type { IllustrationProps } from './illustration-props';

const L1 = [40, 80, 120];
const L2 = [28, 62, 98, 132];
const L3 = [56, 104];

export function AiIllustration({ className }: IllustrationProps) {
  return (
    <svg viewBox="0 0 240 160" className={className} aria-hidden="true" focusable="false">
      <rect x="8" y="8" width="224" height="144" rx="20" fill="var(--c-surface)" />
      <g stroke="var(--c-line)" strokeWidth="2">
        {L1.flatMap((a) => L2.map((b) => <path key={`a${a}${b}`} d={`M50 ${a}L120 ${b}`} />))}
        {L2.flatMap((a) => L3.map((b) => <path key={`b${a}${b}`} d={`M120 ${a}L190 ${b}`} />))}
      </g>
      <path
        d="M50 80L120 62L190 56M50 40L120 62M120 98L190 104"
        fill="none"
        stroke="var(--c-primary)"
        strokeWidth="2.5"
      />
      {L1.map((y) => (
        <circle key={y} cx="50" cy={y} r="10" fill="#fff" stroke="var(--c-primary)" strokeWidth="3" />
      ))}
      {L2.map((y) => (
        <circle
          key={y}
          cx="120"
          cy={y}
          r="10"
          fill={y === 62 ? 'var(--c-primary)' : 'var(--c-primary-dark)'}
          opacity={y === 62 ? 1 : 0.85}
        />
      ))}
      {L3.map((y) => (
        <circle key={y} cx="190" cy={y} r="12" fill="var(--c-accent)" />
      ))}
      <circle cx="190" cy="56" r="18" fill="none" stroke="var(--c-accent)" strokeWidth="2" opacity=".35" />
      <circle cx="120" cy="62" r="4" fill="#fff" />
    </svg>
  );
}
