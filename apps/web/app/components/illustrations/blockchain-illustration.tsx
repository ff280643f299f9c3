import type { IllustrationProps } from './illustration-props';

function Cube({ x, c }: { x: number; c: string }) {
  const y = 84;
  return (
    <g>
      <path d={`M${x} ${y - 26}l26 13-26 13-26-13z`} fill={c} opacity=".45" />
      <path d={`M${x - 26} ${y - 13}l26 13v30l-26-13z`} fill={c} />
      <path d={`M${x + 26} ${y - 13}l-26 13v30l26-13z`} fill={c} opacity=".75" />
      <path
        d={`M${x - 8} ${y + 10}l8 4 8-4`}
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        opacity=".7"
      />
    </g>
  );
}

function ChainLink({ x }: { x: number }) {
  return (
    <g fill="none" stroke="var(--c-ink)" strokeWidth="3" opacity=".7">
      <rect x={x - 13} y="82" width="16" height="10" rx="5" />
      <rect x={x - 3} y="82" width="16" height="10" rx="5" />
    </g>
  );
}

export function BlockchainIllustration({ className }: IllustrationProps) {
  return (
    <svg viewBox="0 0 240 160" className={className} aria-hidden="true" focusable="false">
      <rect x="8" y="20" width="224" height="120" rx="20" fill="var(--c-surface)" />
      <path
        d="M30 128h180"
        stroke="var(--c-line)"
        strokeWidth="2"
        strokeDasharray="4 6"
        strokeLinecap="round"
      />
      <ChainLink x={84} />
      <ChainLink x={156} />
      <Cube x={48} c="var(--c-primary)" />
      <Cube x={120} c="var(--c-accent)" />
      <Cube x={192} c="var(--c-primary-dark)" />
      <circle cx="48" cy="128" r="4" fill="var(--c-primary)" />
      <circle cx="120" cy="128" r="4" fill="var(--c-accent)" />
      <circle cx="192" cy="128" r="4" fill="var(--c-primary-dark)" />
    </svg>
  );
}
