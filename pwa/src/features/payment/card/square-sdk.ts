import type { TokenResult } from './card-token';

/** The small part of Square's Web Payments SDK (window.Square) the payment step uses. */
export interface SquareCard {
  attach(selector: string | HTMLElement): Promise<void>;
  tokenize(): Promise<TokenResult>;
  destroy(): Promise<boolean | void>;
}
/** A wallet's payment request: what the wallet's sheet shows the buyer (Square's PaymentRequest). */
interface SquarePaymentRequestOptions {
  countryCode: string;
  currencyCode: string;
  total: { amount: string; label: string };
}
/** Apple Pay: the page draws its own button and calls tokenize() on its click. */
export interface SquareApplePay {
  tokenize(): Promise<TokenResult>;
  destroy?(): Promise<boolean | void>;
}
/** Google Pay: Google's button attached into an element; attach throws where the browser does not offer it. */
interface SquareGooglePay {
  attach(selector: string | HTMLElement, options?: Record<string, unknown>): Promise<void>;
  tokenize(): Promise<TokenResult>;
  destroy(): Promise<boolean | void>;
}
/** Cash App Pay: Cash App's button attached into an element; the token arrives by its 'ontokenization' event. */
export interface SquareCashAppPay {
  attach(selector: string | HTMLElement, options?: Record<string, unknown>): Promise<void>;
  addEventListener(type: 'ontokenization', listener: (event: CustomEvent<{ tokenResult?: TokenResult; error?: unknown }>) => void): void;
  destroy(): Promise<boolean | void>;
}
/** The wallets' methods are optional here: a stand-in for Square's SDK (tests) may offer the card only. */
export interface SquarePayments {
  card(): Promise<SquareCard>;
  paymentRequest?(options: SquarePaymentRequestOptions): unknown;
  applePay?(paymentRequest: unknown): Promise<SquareApplePay>;
  googlePay?(paymentRequest: unknown): Promise<SquareGooglePay>;
  cashAppPay?(paymentRequest: unknown, options: { redirectURL: string; referenceId: string }): Promise<SquareCashAppPay>;
}
export interface SquareGlobal {
  payments(applicationId: string, locationId: string): SquarePayments | Promise<SquarePayments>;
}
declare global {
  interface Window {
    Square?: SquareGlobal;
  }
}

export const SQUARE_SDK_URL = {
  sandbox: 'https://sandbox.web.squarecdn.com/v1/square.js',
  production: 'https://web.squarecdn.com/v1/square.js',
} as const;

const loading = new Map<string, Promise<SquareGlobal>>();

/** Loads Square's script from its sandbox or production host once per page. */
export function loadSquareSdk(environment: keyof typeof SQUARE_SDK_URL): Promise<SquareGlobal> {
  if (window.Square) return Promise.resolve(window.Square);
  const src = SQUARE_SDK_URL[environment];
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<SquareGlobal>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => (window.Square ? resolve(window.Square) : reject(new Error('Failed to initialize payment system')));
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error('Failed to initialize payment system'));
      };
      document.head.appendChild(script);
    });
    loading.set(src, promise);
  }
  return promise;
}
