import { useState } from 'react';
import { PICKUP_DELAYS, type PickupDelay } from '@cocoa/shared-types';
import { useOnline } from '../../../lib/use-online';
import { MutationConfirmDialog } from '../shared/dialog';
import { delayedText, useDelayPickupStop } from './api/delay-pickup-stop';

const orders = (n: number) => `${n} open ${n === 1 ? 'order' : 'orders'}`;

/**
 * "Delay 5 / 10 / 15 min" for one stop's open orders: asked first with the number of customers
 * told, then the server's count. Needs signal (a delay told later is no use), so it waits for it.
 */
export function PickupDelayControl({ stopId, stopName, open }: { stopId: number; stopName: string; open: number }) {
  const delay = useDelayPickupStop(stopId);
  const online = useOnline();
  const [asking, setAsking] = useState<PickupDelay | null>(null);
  return (
    <div className="pickup-delay">
      <div className="admin-actions" role="group" aria-label={`Delay the orders at ${stopName}`}>
        {PICKUP_DELAYS.map((minutes) => (
          <button key={minutes} type="button" className="btn btn--outline pickup-move" disabled={!online || delay.isPending} onClick={() => setAsking(minutes)}>
            Delay {minutes} min
          </button>
        ))}
      </div>
      <p role="status" className="muted">
        {!online ? 'Delays need signal: each customer is told at once.' : delay.data ? `${delayedText(delay.data)}; each customer was told.` : ''}
      </p>
      {asking && (
        <MutationConfirmDialog
          title={`Delay by ${asking} minutes?`}
          message={`${orders(open)} at ${stopName} ${open === 1 ? 'moves' : 'move'} ${asking} minutes later. ${open === 1 ? 'Its customer is' : `Each of the ${open} customers is`} told.`}
          confirmLabel={`Delay ${asking} min`}
          busyLabel="Delaying..."
          destructive={false}
          mutation={delay}
          variables={asking}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}
