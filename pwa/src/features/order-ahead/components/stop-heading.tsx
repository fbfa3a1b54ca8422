import { formatLongDate, formatStopTimes, noonOf, type StopPickup } from '@cocoa/shared-types';
import { useViewerZone } from '../../../lib/viewer-clock';

/**
 * The stop as its page opens: its name, the day and its hours on the shop's clock (the tracker's
 * wording, with the shop zone's abbreviation for a viewer whose clock differs), and where it is.
 */
export function StopHeading({ stop, shopZone }: { stop: StopPickup['stop']; shopZone: string }) {
  const viewerZone = useViewerZone();
  const noon = noonOf(stop.date, shopZone).toISOString();
  return (
    <header className="stop-heading">
      <p className="muted stop-heading__kicker">Order ahead</p>
      <h1>{stop.name}</h1>
      <p className="stop-heading__when">
        {formatLongDate(noon, shopZone)} · {formatStopTimes({ date: noon, timeZone: shopZone, startTime: stop.startTime, endTime: stop.endTime }, viewerZone)}
      </p>
      {stop.address && <p className="stop-heading__where">{stop.address}</p>}
    </header>
  );
}
