import { fireEvent, waitFor } from '@testing-library/react';

/**
 * Ionic's segment in jsdom: each choice's button (role tab, aria-selected) is drawn inside the
 * choice's shadow root, where Testing Library's queries do not look. These find a segment by its
 * label and a choice by its text, and read what Ionic drew.
 */
export function segmentNamed(label: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`ion-segment[aria-label="${label}"]`);
  if (!found) throw new Error(`no segment labelled ${label}`);
  return found;
}

export function choicesOf(segment: HTMLElement): HTMLElement[] {
  return [...segment.querySelectorAll<HTMLElement>('ion-segment-button')];
}

export function choiceNamed(segment: HTMLElement, name: string | RegExp): HTMLElement {
  const all = choicesOf(segment);
  const named = all.filter((c) => (typeof name === 'string' ? c.textContent === name : name.test(c.textContent ?? '')));
  if (named.length !== 1) throw new Error(`${named.length} choices named ${String(name)} among ${all.map((c) => c.textContent).join(', ')}`);
  return named[0];
}

/** The tab Ionic drew for a choice. */
export const tabOf = (choice: HTMLElement) => choice.shadowRoot?.querySelector<HTMLButtonElement>('button[role="tab"]') ?? null;

/**
 * Taps a choice as a finger does (the event reaches the segment from the choice), once Ionic has
 * drawn the segment: a segment that has just appeared (in a dialog) takes no tap before.
 */
export async function tapChoice(segment: HTMLElement, name: string | RegExp) {
  await waitFor(() => expect(segment).toHaveClass('hydrated'));
  fireEvent.click(choiceNamed(segment, name));
}

/** Waits until Ionic shows `name` as the chosen one, and only it. */
export async function expectChosen(segment: HTMLElement, name: string | RegExp) {
  const choice = choiceNamed(segment, name);
  await waitFor(() => {
    expect(choicesOf(segment).filter((c) => tabOf(c)?.getAttribute('aria-selected') === 'true')).toEqual([choice]);
  });
}

/**
 * The actions a swipe shows on a list row (pwa/src/features/admin/shared/swipe-row.tsx), by their
 * text; `row` is anything inside the row, such as its button.
 */
export function swipeActionsOf(row: HTMLElement): HTMLElement[] {
  const sliding = row.closest('ion-item-sliding');
  if (!sliding) throw new Error('not inside a row with swipe actions');
  return [...sliding.querySelectorAll<HTMLElement>('ion-item-option')];
}

/**
 * Waits until Ionic shows an admin dialog (pwa/src/features/admin/shared/dialog.tsx): until then
 * its card sits in a modal Ionic has not drawn yet, which axe does not look into.
 */
export async function shownDialog(dialog: HTMLElement) {
  await waitFor(() => expect(dialog.closest('ion-modal')).toHaveClass('show-modal'));
}
