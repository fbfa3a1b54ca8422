import { useEffect, useState } from 'react';
import { eventInputSchema, type EventInput, normaliseAddress, type ScheduledEvent } from '@cocoa/shared-types';
import { isNetworkError, messageOf } from '../../../lib/api-fetch';
import { useOnline } from '../../../lib/use-online';
import { errorToast, toast } from '../../../ui/toast-store';
import { describedBy, Field } from '../../../ui/field';
import { useSaveEvent } from './api/save-event';
import { geocodeAddress } from './api/geocode';
import { dayInputValue, noonLocalIso } from '../shared/format';
import { EditorDialog } from '../shared/editor-dialog';
import { useSchemaForm } from '../shared/schema-resolver';

export interface LocationFormValues {
  title: string;
  location: string;
  address: string;
  date: string;
  startTime: string;
  endTime: string;
  description: string;
  latitude: string;
  longitude: string;
}

const coordinate = (value: string) => (value.trim() === '' ? null : Number(value));
const coordinateText = (value: number | null | undefined) => (value == null || !Number.isFinite(value) ? '' : String(value));
const sameAddress = (a: string, b: string) => normaliseAddress(a) === normaliseAddress(b);

/** The date is sent as noon of the chosen day, in the shop's time zone when known. */
export function locationPayload(values: LocationFormValues, timeZone?: string): EventInput {
  return {
    title: values.title,
    location: values.location,
    address: values.address,
    date: noonLocalIso(values.date, timeZone) ?? '',
    description: values.description,
    startTime: values.startTime,
    endTime: values.endTime,
    latitude: coordinate(values.latitude),
    longitude: coordinate(values.longitude),
  };
}

type Step = 'idle' | 'geocoding' | 'saving';

/** Why the address has no coordinates: shown in the opened coordinates section. */
const GEOCODE_FAILED = 'Failed to geocode address';
function geocodeHint(error: unknown, online: boolean, hasCoordinates: boolean): string {
  const keep = hasCoordinates ? ' Saving again keeps the coordinates shown.' : '';
  if (!online || isNetworkError(error)) {
    return `You are offline, so the address could not be looked up. Enter the latitude and longitude below, then save.${keep}`;
  }
  const reason = messageOf(error, '');
  const detail = reason && reason !== GEOCODE_FAILED ? ` (${reason})` : '';
  return `The address could not be found on the map${detail}. Check it, or enter the latitude and longitude below.${keep}`;
}

/**
 * Add or edit a scheduled location. Saving geocodes the address first ('Geocoding...'), then
 * adds or updates ('Adding...' / 'Updating...'). Coordinates typed by hand skip the geocoder.
 * Editing opens with the stop's stored coordinates and keeps them unless the address changed
 * (and the owner did not type new ones), so an edit needs no geocoder, offline neither. When the
 * geocoder fails, the coordinates section opens with the reason instead of a toast; saving again
 * with the same address then takes the coordinates in the fields as the owner's.
 */
export function LocationDialog({ event, timeZone: shopZone, onClose }: { event?: ScheduledEvent | null; timeZone?: string; onClose: () => void }) {
  const editing = Boolean(event);
  const timeZone = event?.timeZone ?? shopZone;
  const save = useSaveEvent();
  const [step, setStep] = useState<Step>('idle');
  const online = useOnline();
  const storedLatitude = coordinateText(event?.latitude);
  const storedLongitude = coordinateText(event?.longitude);
  const [coordinatesOpen, setCoordinatesOpen] = useState(false);
  // An object, so the same text after a second failure still moves the focus.
  const [geocodeProblem, setGeocodeProblem] = useState<{ text: string } | null>(null);
  /** The address the geocoder could not place: saving it again uses the coordinates shown. */
  const [unfoundAddress, setUnfoundAddress] = useState<string | null>(null);
  const { register, handleSubmit, setFocus, errors } = useSchemaForm<LocationFormValues>(
    {
      title: event?.title ?? '',
      location: event?.location ?? '',
      address: event?.address ?? '',
      date: dayInputValue(event?.date, timeZone),
      startTime: event?.startTime ?? '',
      endTime: event?.endTime ?? '',
      description: event?.description ?? '',
      latitude: storedLatitude,
      longitude: storedLongitude,
    },
    eventInputSchema,
    (values) => locationPayload(values, timeZone),
  );

  // The hint is read out (role="alert"); the latitude field takes the focus so the owner can type.
  useEffect(() => {
    if (geocodeProblem) setFocus('latitude');
  }, [geocodeProblem, setFocus]);

  const submit = handleSubmit(async (values) => {
    const body = eventInputSchema.parse(locationPayload(values, timeZone));
    const keptStored = editing && values.latitude === storedLatitude && values.longitude === storedLongitude;
    const addressMoved = editing && !sameAddress(values.address, event?.address ?? '');
    const confirmed = unfoundAddress !== null && sameAddress(values.address, unfoundAddress);
    if (body.latitude == null || body.longitude == null || (keptStored && addressMoved && !confirmed)) {
      setStep('geocoding');
      setGeocodeProblem(null);
      try {
        const { lat, lng } = await geocodeAddress(body.address);
        body.latitude = lat;
        body.longitude = lng;
      } catch (error) {
        setStep('idle');
        setCoordinatesOpen(true);
        setUnfoundAddress(values.address);
        setGeocodeProblem({ text: geocodeHint(error, online, body.latitude != null && body.longitude != null) });
        return;
      }
    }
    setGeocodeProblem(null);
    setStep('saving');
    save.mutate(
      { id: event?.id, body },
      {
        onSuccess: () => {
          toast(editing ? 'Location updated' : 'Location added', `${body.title} on ${values.date}.`);
          onClose();
        },
        onError: (error) => errorToast(editing ? 'Failed to update location' : 'Failed to add location', messageOf(error, 'Please try again.')),
        onSettled: () => setStep('idle'),
      },
    );
  });

  const busy = step !== 'idle';
  const label =
    step === 'geocoding' ? 'Geocoding...' : step === 'saving' ? (editing ? 'Updating...' : 'Adding...') : editing ? 'Update Location' : 'Add Location';

  return (
    <EditorDialog title={editing ? 'Edit Location' : 'Add Location'} onClose={onClose} busy={busy} onSubmit={submit} confirmLabel={label} busyLabel={label}>
      <Field id="location-title" label="Title" error={errors.title?.message}>
        <input {...describedBy('location-title', errors.title)} {...register('title')} />
      </Field>
      <Field id="location-name" label="Location name" error={errors.location?.message}>
        <input {...describedBy('location-name', errors.location)} {...register('location')} />
      </Field>
      <Field id="location-address" label="Full address" error={errors.address?.message}>
        <input {...describedBy('location-address', errors.address)} {...register('address')} autoComplete="street-address" />
      </Field>
      <div className="field-row">
        <Field id="location-date" label="Date" error={errors.date?.message}>
          <input type="date" {...describedBy('location-date', errors.date)} {...register('date')} />
        </Field>
        <Field id="location-start" label="Start time (optional)" error={errors.startTime?.message}>
          <input type="time" {...describedBy('location-start', errors.startTime)} {...register('startTime')} />
        </Field>
        <Field id="location-end" label="End time (optional)" error={errors.endTime?.message}>
          <input type="time" {...describedBy('location-end', errors.endTime)} {...register('endTime')} />
        </Field>
      </div>
      <Field id="location-description" label="Description (optional)" error={errors.description?.message}>
        <textarea rows={3} {...describedBy('location-description', errors.description)} {...register('description')} />
      </Field>
      <details className="admin-details" open={coordinatesOpen} onToggle={(e) => setCoordinatesOpen(e.currentTarget.open)}>
        <summary>{editing ? 'Coordinates (kept unless the address changes)' : 'Coordinates (optional: found from the address when empty)'}</summary>
        {geocodeProblem && (
          <div className="admin-warning" role="alert">
            <p>{GEOCODE_FAILED}</p>
            <p>{geocodeProblem.text}</p>
          </div>
        )}
        <div className="field-row">
          <Field id="location-latitude" label="Latitude" error={errors.latitude?.message}>
            <input type="number" inputMode="decimal" step="any" {...describedBy('location-latitude', errors.latitude)} {...register('latitude')} />
          </Field>
          <Field id="location-longitude" label="Longitude" error={errors.longitude?.message}>
            <input type="number" inputMode="decimal" step="any" {...describedBy('location-longitude', errors.longitude)} {...register('longitude')} />
          </Field>
        </div>
      </details>
    </EditorDialog>
  );
}
