import { fireEvent, screen } from '@testing-library/react';

/**
 * The image named `alt` keeps failing to load: after each failure the next of `retries` is tried,
 * and after the last the placeholder ("… (image unavailable)") stands in its place.
 */
export function expectRetriesThenPlaceholder(alt: string, retries: string[]) {
  for (const src of retries) {
    fireEvent.error(screen.getByRole('img', { name: alt }));
    expect(screen.getByRole('img', { name: alt })).toHaveAttribute('src', src);
  }
  fireEvent.error(screen.getByRole('img', { name: alt }));
  expect(screen.getByRole('img', { name: `${alt} (image unavailable)` }).tagName).toBe('DIV');
}
