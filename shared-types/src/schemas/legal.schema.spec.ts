import { LEGAL_PAGE_MAX_BYTES, legalPageUpdateSchema, utf8ByteLength } from './legal.schema';

describe('legal page text', () => {
  it('counts UTF-8 bytes as the server stores them', () => {
    for (const text of ['', 'abc', 'é', '€ 5', '🍫 cocoa', 'ü'.repeat(1000)]) expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, 'utf8'));
  });

  it(`takes up to ${LEGAL_PAGE_MAX_BYTES} bytes and refuses more, or blank text, with a message`, () => {
    expect(legalPageUpdateSchema.safeParse({ markdown: 'a'.repeat(LEGAL_PAGE_MAX_BYTES) }).success).toBe(true);
    const over = legalPageUpdateSchema.safeParse({ markdown: '€'.repeat(LEGAL_PAGE_MAX_BYTES / 3 + 1) });
    expect(over.success ? undefined : over.error.issues[0].message).toBe('The page text is too long: 51 KB, at most 50 KB');
    const blank = legalPageUpdateSchema.safeParse({ markdown: ' \n\t' });
    expect(blank.success ? undefined : blank.error.issues[0].message).toBe('Write the page text (or restore the default text)');
  });
});
