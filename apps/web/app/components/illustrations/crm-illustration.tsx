import type { IllustrationProps } from './illustration-props';

function Card({ x, y, c, w = 60 }: { x: number; y: number; c: string; w?: number }) {
  return (
    <g>
      <rect x={x} y={y} width="104" height="50" rx="9" fill="#fff" stroke="var(--c-line)" />
      <circle cx={x + 20} cy={y + 25} r="11" fill={c} opacity=".85" />
      <rect x={x + 38} y={y + 16} width={w} height="7" rx="3.5" fill="var(--c-ink)" opacity=".75" />
      <rect x={x + 38} y={y + 29} width="40" height="5" rx="2.5" fill="var(--c-line)" />
    </g>
  );
}

export function CrmIllustration({ className }: IllustrationProps) {
  return (
    <svg viewBox="0 0 480 320" className={className} aria-hidden="true" focusable="false">
      <rect x="30" y="28" width="420" height="264" rx="18" fill="var(--c-surface)" />
      <rect x="46" y="44" width="120" height="232" rx="12" fill="var(--c-line)" opacity=".45" />
      <rect x="180" y="44" width="120" height="232" rx="12" fill="var(--c-line)" opacity=".45" />
      <rect x="314" y="44" width="120" height="232" rx="12" fill="var(--c-line)" opacity=".45" />
      <rect x="54" y="56" width="50" height="8" rx="4" fill="var(--c-primary)" />
      <rect x="188" y="56" width="50" height="8" rx="4" fill="var(--c-accent)" />
      <rect x="322" y="56" width="50" height="8" rx="4" fill="var(--c-primary-dark)" />
      <circle cx="152" cy="60" r="7" fill="#fff" />
      <circle cx="286" cy="60" r="7" fill="#fff" />
      <circle cx="420" cy="60" r="7" fill="#fff" />
      <Card x={54} y={76} c="var(--c-primary)" />
      <Card x={54} y={134} c="var(--c-accent)" w={48} />
      <Card x={54} y={192} c="var(--c-primary-dark)" w={54} />
      <Card x={188} y={76} c="var(--c-primary)" w={44} />
      <Card x={188} y={134} c="var(--c-primary-dark)" />
      <Card x={188} y={192} c="var(--c-primary)" w={50} />
      <Card x={322} y={76} c="var(--c-accent)" w={52} />
      <rect
        x="322"
        y="134"
        width="104"
        height="50"
        rx="9"
        fill="none"
        stroke="var(--c-accent)"
        strokeWidth="2"
        strokeDasharray="6 5"
      />
      <g transform="rotate(-6 310 170)">
        <rect x="264" y="152" width="104" height="50" rx="9" fill="var(--c-ink)" opacity=".1" />
        <rect
          x="258"
          y="146"
          width="104"
          height="50"
          rx="9"
          fill="#fff"
          stroke="var(--c-accent)"
          strokeWidth="2"
        />
        <circle cx="278" cy="171" r="11" fill="var(--c-accent)" />
        <rect x="296" y="162" width="52" height="7" rx="3.5" fill="var(--c-ink)" opacity=".75" />
        <rect x="296" y="175" width="36" height="5" rx="2.5" fill="var(--c-accent)" opacity=".5" />
      </g>
      <path
        d="M340 184v18l5-4.5 3.6 8 3.6-1.6-3.6-7.8h6.8z"
        fill="var(--c-ink)"
        stroke="#fff"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
