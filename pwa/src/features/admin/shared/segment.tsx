import type { ReactNode } from 'react';
import { IonLabel, IonSegment, IonSegmentButton } from '@ionic/react';

export interface SegmentChoice<T extends string> {
  id: T;
  label: ReactNode;
}

/**
 * The admin's sub-tabs and filters as Ionic's segment: a row of touch-sized buttons that scrolls
 * sideways when it is wider than the tablet, with the keyboard of a tab list (arrows, Home, End;
 * with `selectOnFocus` an arrow also chooses). Ionic renders each choice as a button with the tab
 * role and its `aria-selected` inside the element (docs/admin.md).
 *
 * `idPrefix` gives each choice the id `<idPrefix>-<id>`, for a panel's `aria-labelledby`.
 */
export function Segment<T extends string>({
  label,
  choices,
  value,
  onChange,
  idPrefix,
  selectOnFocus = false,
  className,
}: {
  label: string;
  choices: readonly SegmentChoice<T>[];
  value: T;
  onChange: (id: T) => void;
  idPrefix?: string;
  selectOnFocus?: boolean;
  className?: string;
}) {
  return (
    <IonSegment
      scrollable
      selectOnFocus={selectOnFocus}
      value={value}
      aria-label={label}
      className={['admin-ion-segment', className].filter(Boolean).join(' ')}
      onIonChange={(event) => {
        // Only a choice of this row (a tap on its edge names none).
        const chosen = choices.find((c) => c.id === event.detail.value);
        if (chosen && chosen.id !== value) onChange(chosen.id);
      }}
    >
      {choices.map((choice) => (
        <IonSegmentButton key={choice.id} value={choice.id} id={idPrefix ? `${idPrefix}-${choice.id}` : undefined}>
          <IonLabel>{choice.label}</IonLabel>
        </IonSegmentButton>
      ))}
    </IonSegment>
  );
}
