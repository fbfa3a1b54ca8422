import { Fragment } from 'react';
import { formatCents, percentOfCents, PICKUP_TIP_MAX_CENTS, PICKUP_TIP_PERCENTS } from '@cocoa/shared-types';
import { describedBy, Field } from '../../../ui/field';
import type { TipChoice as Choice } from '../tip';

interface Props {
  value: Choice;
  onChange: (choice: Choice) => void;
  subtotalCents: number;
  problem: string | null;
}

/** None, 10, 15 or 20 % of the subtotal (each with its amount), or an amount typed. */
export function TipChoice({ value, onChange, subtotalCents, problem }: Props) {
  const button = (label: string, choice: Choice, pressed: boolean) => (
    <button type="button" className={`btn btn--small${pressed ? ' btn--primary' : ''}`} aria-pressed={pressed} onClick={() => onChange(choice)}>
      {label}
    </button>
  );
  return (
    <section className="pickup-section" aria-labelledby="pickup-tip-title">
      <h2 id="pickup-tip-title">Tip</h2>
      <p className="muted">Every tip goes to the people making your drinks.</p>
      <div className="pickup-tip__buttons" role="group" aria-labelledby="pickup-tip-title">
        {button('None', { kind: 'none' }, value.kind === 'none')}
        {PICKUP_TIP_PERCENTS.map((percent) => (
          <Fragment key={percent}>
            {button(
              `${percent}% (${formatCents(percentOfCents(subtotalCents, percent))})`,
              { kind: 'percent', percent },
              value.kind === 'percent' && value.percent === percent,
            )}
          </Fragment>
        ))}
        {button('Other amount', value.kind === 'amount' ? value : { kind: 'amount', text: '' }, value.kind === 'amount')}
      </div>
      {value.kind === 'amount' && (
        <Field id="pickup-tip-amount" label={`Tip in dollars (at most ${formatCents(PICKUP_TIP_MAX_CENTS)})`} error={problem ?? undefined}>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={value.text}
            onChange={(event) => onChange({ kind: 'amount', text: event.target.value })}
            {...describedBy('pickup-tip-amount', problem)}
          />
        </Field>
      )}
    </section>
  );
}
