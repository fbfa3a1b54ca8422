export type BadgeVariant = 'outline' | 'secondary' | 'default' | 'destructive';

/** OPEN outline, DRAFT secondary, COMPLETED default, CANCELED destructive, else outline. */
export function orderStateVariant(state: string): BadgeVariant {
  switch (state) {
    case 'DRAFT':
      return 'secondary';
    case 'COMPLETED':
      return 'default';
    case 'CANCELED':
      return 'destructive';
    default:
      return 'outline';
  }
}

export function OrderStateBadge({ state }: { state: string }) {
  const variant = orderStateVariant(state);
  return (
    <span className={`state-badge state-badge--${variant}`} data-variant={variant}>
      {state || 'UNKNOWN'}
    </span>
  );
}
