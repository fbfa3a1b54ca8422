import { useState } from 'react';
import { geocodeInitSchema } from '@cocoa/shared-types';
import { useKeyedState } from '../../../lib/use-keyed-state';
import { describedBy, Field } from '../../../ui/field';
import { useSaveGeocodingKey } from './api/save-geocoding-key';
import { MutationConfirmDialog } from '../shared/dialog';

/**
 * Where 'Geocoding: Unavailable' is shown: a way out. The free OpenStreetMap geocoder is used
 * until a Google geocoding API key is saved here (POST /api/geocode/init; kept encrypted on the
 * server, never shown again). Open at once while geocoding is unavailable, folded otherwise.
 * 'Remove key' (confirmed) goes back to OpenStreetMap. The server does not say whether a key is
 * saved, so the field always starts empty.
 */
export function GeocodingKeyForm({ available }: { available: boolean }) {
  const save = useSaveGeocodingKey();
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Open while unavailable, folded while available; the status is polled, and each change of it
  // starts the fold again from there. The owner may open or fold it in between.
  const [open, setOpen] = useKeyedState(!available, available);
  const [removing, setRemoving] = useState(false);

  return (
    <details className="admin-details" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Google geocoding API key</summary>
      <p className="muted">
        {available
          ? 'Addresses are looked up with OpenStreetMap unless a Google key is saved.'
          : 'The geocoder did not answer lately. A Google geocoding API key makes the shop look addresses up with Google instead.'}
      </p>
      <form
        className="admin-inline-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = geocodeInitSchema.safeParse({ apiKey });
          if (!parsed.success || !parsed.data.apiKey) {
            setError(parsed.success ? 'Enter the API key' : (parsed.error.issues[0]?.message ?? 'Enter the API key'));
            return;
          }
          setError(null);
          save.mutate(parsed.data.apiKey, { onSuccess: () => setApiKey('') });
        }}
      >
        <Field id="geocoding-key" label="API key" error={error ?? undefined}>
          <input
            {...describedBy('geocoding-key', error)}
            type="password"
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
        </Field>
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending && save.variables ? 'Saving...' : 'Save key'}
        </button>
        <button type="button" className="btn btn--outline" disabled={save.isPending} onClick={() => setRemoving(true)}>
          Remove key
        </button>
      </form>
      {removing && (
        <MutationConfirmDialog
          title="Remove the geocoding key?"
          message={<p>New addresses are then looked up with OpenStreetMap. To use Google again, the key has to be entered again.</p>}
          confirmLabel="Remove key"
          busyLabel="Removing..."
          mutation={save}
          variables={''}
          onClose={() => setRemoving(false)}
        />
      )}
    </details>
  );
}
