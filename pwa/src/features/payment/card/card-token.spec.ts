import { TEST_CARD_NONCE_DECLINED, TEST_CARD_NONCE_OK } from '@cocoa/shared-types';
import { expiryProblem } from '@cocoa/shared-types';
import { formatCardNumber, formatExpiry, tokenizeTestCard, tokenOrThrow } from './card-token';

const card = (cardNumber: string) => ({ cardHolder: 'Jane Doe', cardNumber, cardExpiry: '12/30', cardCvc: '123' });

describe('test-mode card tokenization', () => {
  it('gives Square sandbox tokens for the two published test cards, with or without spaces', () => {
    expect(tokenizeTestCard(card('4111 1111 1111 1111'))).toEqual({ status: 'OK', token: TEST_CARD_NONCE_OK });
    expect(tokenizeTestCard(card('4111111111111111'))).toEqual({ status: 'OK', token: TEST_CARD_NONCE_OK });
    expect(tokenizeTestCard(card('4000 0000 0000 0002'))).toEqual({ status: 'OK', token: TEST_CARD_NONCE_DECLINED });
  });

  it('refuses any other number and a card failing the card schema', () => {
    expect(tokenizeTestCard(card('5555 5555 5555 4444')).status).not.toBe('OK');
    expect(tokenizeTestCard({ ...card('4111 1111 1111 1111'), cardCvc: '1' }).status).not.toBe('OK');
    expect(tokenizeTestCard({ ...card('4111 1111 1111 1111'), cardHolder: '' }).status).not.toBe('OK');
  });

  it("needs status OK and a token, otherwise 'Card tokenization failed'", () => {
    expect(tokenOrThrow({ status: 'OK', token: 'cnon:abc' })).toBe('cnon:abc');
    expect(() => tokenOrThrow({ status: 'Invalid', errors: [] })).toThrow('Card tokenization failed');
    expect(() => tokenOrThrow({ status: 'OK' })).toThrow('Card tokenization failed');
    expect(() => tokenOrThrow(tokenizeTestCard(card('1234 5678 9012 3456')))).toThrow('Card tokenization failed');
  });

  it('refuses an expiry month that has passed (a card is good through its expiry month)', () => {
    const may2026 = new Date(2026, 4, 17);
    expect(expiryProblem('01/20', may2026)).toBe('Card has expired');
    expect(expiryProblem('04/26', may2026)).toBe('Card has expired');
    expect(expiryProblem('05/26', may2026)).toBeNull();
    expect(expiryProblem('01/27', may2026)).toBeNull();
    expect(expiryProblem('13/30', may2026)).toBe('Expiry month must be 01 to 12');
    expect(expiryProblem('00/30', may2026)).toBe('Expiry month must be 01 to 12');
    expect(expiryProblem('1/30', may2026)).toBe('Expiry must be MM/YY');
    // The form checks against today: the test card with an expiry of 01/20 does not tokenize.
    expect(tokenizeTestCard({ ...card('4111 1111 1111 1111'), cardExpiry: '01/20' }).status).not.toBe('OK');
  });

  it('formats the number in groups of four and the expiry as MM/YY', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('4111-11a11')).toBe('4111 1111');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('1')).toBe('1');
  });
});
