import type { HTMLAttributes } from 'react';
import type { StatusTone } from '@cocoa/shared-types';

/** A state in words as a pill; `tone` colours it (none: plain), `className` names whose state it is. */
export function StatusPill({ tone, className, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone?: StatusTone; className: string }) {
  return <span className={`status-pill${tone ? ` status-pill--${tone}` : ''} ${className}`} {...rest} />;
}
