import { fireEvent, screen } from '@testing-library/react';

/** Types `value` into the field labelled `label`, as a change event. */
export const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Fills several fields in order: `{ 'Email': 'jane@example.com', ... }`. */
export const fillIn = (fields: Record<string, string>) => Object.entries(fields).forEach(([label, value]) => fill(label, value));
