import { loadSquareSdk, SQUARE_SDK_URL } from './square-sdk';

describe('loadSquareSdk', () => {
  afterEach(() => {
    delete window.Square;
    document.head.querySelectorAll('script').forEach((s) => s.remove());
  });

  // first: a successful load is kept for the page's lifetime
  it('fails with the payment-setup message when the script cannot load, and may try again', async () => {
    const attempt = loadSquareSdk('sandbox');
    const script = document.head.querySelector('script') as HTMLScriptElement;
    script.onerror?.(new Event('error'));
    await expect(attempt).rejects.toThrow('Failed to initialize payment system');
    expect(document.head.querySelector('script')).toBeNull();
    const retry = loadSquareSdk('sandbox');
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
    (document.head.querySelector('script') as HTMLScriptElement).onerror?.(new Event('error'));
    await expect(retry).rejects.toThrow('Failed to initialize payment system');
  });

  it.each(['sandbox', 'production'] as const)('loads square.js from the %s host once', async (environment) => {
    const first = loadSquareSdk(environment);
    const second = loadSquareSdk(environment);
    const scripts = document.head.querySelectorAll(`script[src="${SQUARE_SDK_URL[environment]}"]`);
    expect(scripts).toHaveLength(1);
    const square = { payments: jest.fn() };
    window.Square = square;
    (scripts[0] as HTMLScriptElement).onload?.(new Event('load'));
    await expect(first).resolves.toBe(square);
    await expect(second).resolves.toBe(square);
  });
});
