import { useId, useState } from 'react';
import { liveStatusChangeSchema, type LiveState, type LiveStatusChange } from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { useLiveCheckOut, useLiveStatus } from '../../live';
import { queuedLiveChange } from '../shared/api/change-queue';
import { useAdminProducts } from '../catalogue/api/products';
import { MutationConfirmDialog } from '../shared/dialog';
import { AdminCard } from '../shared/admin-card';

/** The minutes the owner picks from for 'running late' and 'closing in'. */
export const LIVE_MINUTE_CHOICES = [5, 10, 15, 30, 45, 60] as const;
const OTHER = '__other';

function MinutesSelect({ id, label, value, onChange }: { id: string; label: string; value: number; onChange: (minutes: number) => void }) {
  return (
    <div className="field live-minutes">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {LIVE_MINUTE_CHOICES.map((m) => (
          <option key={m} value={m}>
            {m} minutes
          </option>
        ))}
      </select>
    </div>
  );
}

/** Checked in: one tap per status, sold out and back in stock per product, and check-out (confirmed). */
export function LiveStatusPanel({ state }: { state: LiveState }) {
  const status = useLiveStatus(queuedLiveChange());
  const checkOut = useLiveCheckOut(queuedLiveChange());
  const products = useAdminProducts('', 0);
  const ids = useId();
  const [late, setLate] = useState(15);
  const [closing, setClosing] = useState(30);
  const [product, setProduct] = useState('');
  const [otherProduct, setOtherProduct] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [confirmOut, setConfirmOut] = useState(false);
  const busy = status.isPending || checkOut.isPending;

  const change = (body: LiveStatusChange, after?: () => void) => {
    const checked = liveStatusChangeSchema.safeParse(body);
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? 'Please check the status.');
    setInvalid(null);
    status.mutate(checked.data, { onSuccess: after });
  };
  const soldOutName = product === OTHER ? otherProduct : product;
  const soldOut = new Set(state.soldOut.map((name) => name.toLowerCase()));
  const choices = (products.data ?? []).map((p) => p.name).filter((name, i, all) => !soldOut.has(name.toLowerCase()) && all.indexOf(name) === i);

  return (
    <AdminCard titleId="live-status-title" title={`Status at ${state.place?.label ?? 'this place'}`}>
      <div className="live-actions">
        <button type="button" className="btn btn--primary live-action" disabled={busy} onClick={() => change({ status: 'serving' })}>
          Serving now
        </button>

        <div className="live-action-row">
          <MinutesSelect id={`${ids}-late`} label="How late" value={late} onChange={setLate} />
          <button type="button" className="btn btn--outline live-action" disabled={busy} onClick={() => change({ status: 'late', minutes: late })}>
            Running {late} minutes late
          </button>
        </div>

        <div className="live-action-row">
          <MinutesSelect id={`${ids}-closing`} label="Closing in" value={closing} onChange={setClosing} />
          <button type="button" className="btn btn--outline live-action" disabled={busy} onClick={() => change({ status: 'closing', minutes: closing })}>
            Closing in {closing} minutes
          </button>
        </div>

        <button type="button" className="btn btn--outline live-action" disabled={busy} onClick={() => change({ status: 'closed' })}>
          Closed for today
        </button>

        <div className="live-action-row">
          <div className="field">
            <label htmlFor={`${ids}-product`}>Sold out of</label>
            <select id={`${ids}-product`} value={product} onChange={(event) => setProduct(event.target.value)}>
              <option value="">{products.isPending ? 'Loading products...' : 'Choose a product'}</option>
              {choices.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
              <option value={OTHER}>Something else…</option>
            </select>
          </div>
          {product === OTHER && (
            <div className="field">
              <label htmlFor={`${ids}-other`}>What sold out</label>
              <input id={`${ids}-other`} value={otherProduct} onChange={(event) => setOtherProduct(event.target.value)} maxLength={100} />
            </div>
          )}
          <button
            type="button"
            className="btn btn--outline live-action"
            disabled={busy || !soldOutName.trim()}
            onClick={() =>
              change({ status: 'sold-out', product: soldOutName }, () => {
                setProduct('');
                setOtherProduct('');
              })
            }
          >
            Mark sold out
          </button>
        </div>

        {state.soldOut.length > 0 && (
          <div className="live-restock">
            <p className="live-restock__title">Back in stock</p>
            <ul className="admin-actions">
              {state.soldOut.map((name) => (
                <li key={name}>
                  <button
                    type="button"
                    className="btn btn--outline live-action"
                    disabled={busy}
                    onClick={() => change({ status: 'back-in-stock', product: name })}
                  >
                    {name} is back
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>

      {(invalid || status.isError || checkOut.isError) && (
        <p className="field__error" role="alert">
          {invalid ??
            (status.isError
              ? messageOf(status.error, 'Could not change the status. Please try again.')
              : messageOf(checkOut.error, 'Could not check out. Please try again.'))}
        </p>
      )}

      <button type="button" className="btn btn--danger live-action live-checkout" disabled={busy} onClick={() => setConfirmOut(true)}>
        Check out
      </button>
      {confirmOut && (
        <MutationConfirmDialog
          title="Check out?"
          message={`Visitors will no longer see the cart at ${state.place?.label ?? 'this place'}.`}
          confirmLabel="Check out"
          busyLabel="Checking out..."
          mutation={checkOut}
          variables={undefined}
          onClose={() => setConfirmOut(false)}
        />
      )}
    </AdminCard>
  );
}
