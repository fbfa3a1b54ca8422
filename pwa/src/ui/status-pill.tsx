import type { HTMLAttributes } from 'react';

/** How a state stands, which colours its pill: waiting on someone, under way, gone well, stopped. */
export type StatusTone = 'waiting' | 'moving' | 'done' | 'stopped';

/** A state in words as a pill; `tone` colours it (none: plain), `className` names whose state it is. */
export function StatusPill({ tone, className, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone?: StatusTone; className: string }) {
  return <span className={`status-pill${tone ? ` status-pill--${tone}` : ''} ${className}`} {...rest} />;
}
