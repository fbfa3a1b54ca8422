/** The text part with runs of spaces (table padding, wrapped lines) read as one. */
export const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Every start tag of the HTML, attributes included. */
export const tags = (html: string) => html.match(/<[a-zA-Z][^>]*>/g) ?? [];

/** Each of `texts` stands in both parts of a rendered message: the HTML, and the text part read through `flat`. */
export function expectInBothParts(mail: { html: string; text: string }, texts: readonly string[]): void {
  for (const part of [mail.html, flat(mail.text)]) for (const text of texts) expect(part).toContain(text);
}
