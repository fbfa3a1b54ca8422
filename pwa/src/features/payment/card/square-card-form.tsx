import { useEffect, useRef, useState } from 'react';
import type { WebPaymentsConfig } from '@cocoa/shared-types';
import { errorToast } from '../../../ui/toast-store';
import { messageOf } from '../../../lib/api-fetch';
import { tokenOrThrow } from './card-token';
import type { CardMethod } from './card-method';
import { loadSquareSdk, type SquareCard } from './square-sdk';

/**
 * Square connected: Square's Web Payments SDK from its sandbox or production host, its card field
 * attached here. The payment step counts as ready only once the field is attached.
 */
export function SquareCardForm({ config, onReady, onFailure }: { config: WebPaymentsConfig; onReady: (method: CardMethod) => void; onFailure: () => void }) {
  const container = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let card: SquareCard | null = null;
    (async () => {
      if (!config.applicationId || !config.locationId) throw new Error('Square configuration not found');
      const square = await loadSquareSdk(config.environment);
      let payments;
      try {
        payments = await square.payments(config.applicationId, config.locationId);
      } catch {
        throw new Error('Failed to initialize payment system');
      }
      try {
        card = await payments.card();
        if (cancelled || !container.current) return;
        await card.attach(container.current);
      } catch {
        throw new Error('Failed to initialize card payment');
      }
      if (cancelled) return;
      const attached = card;
      onReady({ tokenize: async () => tokenOrThrow(await attached.tokenize()) });
    })().catch((error: unknown) => {
      if (cancelled) return;
      const message = messageOf(error, 'Failed to initialize payment system');
      setFailure(message);
      onFailure();
      errorToast('Payment Error', message);
    });
    return () => {
      cancelled = true;
      void card?.destroy();
    };
  }, [config, onReady, onFailure]);

  return (
    <fieldset className="square-card">
      <legend>Card details</legend>
      {failure && (
        <p className="field__error" role="alert">
          {failure}
        </p>
      )}
      <div ref={container} id="square-card-container" />
    </fieldset>
  );
}
