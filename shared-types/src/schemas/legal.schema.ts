import { z } from 'zod';

/** The owner-editable legal pages (docs/admin.md "Legal pages"), each at its own route. */
export const LEGAL_PAGE_KINDS = ['privacy', 'terms', 'refund-policy'] as const;
export type LegalPageKind = (typeof LEGAL_PAGE_KINDS)[number];

export const LEGAL_PAGE_TITLES: Readonly<Record<LegalPageKind, string>> = {
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
  'refund-policy': 'Refund and cancellation policy',
};

/** Largest page text the owner may store, in bytes of UTF-8 (50 KB): far more than a policy needs. */
export const LEGAL_PAGE_MAX_BYTES = 50_000;

/**
 * What `{{name}}` in a page's text becomes when the server renders it: the rule in force at that
 * moment (the booking settings, the session limits), so the page never states an old policy.
 */
export const LEGAL_PLACEHOLDERS = {
  depositPercent: 'the booking deposit, in percent of the price',
  balanceDueDays: 'how many days before the event the balance is due',
  fullRefundDays: 'cancelling this many days or more before the event refunds the deposit in full',
  leadTimeDays: 'how many days ahead a booking must be requested',
  cancellationPolicy: 'the booking cancellation policy as the booking form shows it',
  customerSessionDays: 'how many days a customer stays signed in at most',
  customerIdleDays: 'after how many days without a visit a customer is signed out',
} as const;
export type LegalPlaceholder = keyof typeof LEGAL_PLACEHOLDERS;

export const legalPageKindSchema = z.enum(LEGAL_PAGE_KINDS, { message: 'Unknown legal page' });

/** The length of `text` in UTF-8 bytes (what the limit counts), without TextEncoder (older test environments lack it). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** A page's Markdown: some text, at most LEGAL_PAGE_MAX_BYTES. Raw HTML in it is shown as text, never run. */
const legalMarkdownSchema = z
  .string({ message: 'The page text must be text' })
  .refine((text) => text.trim().length > 0, 'Write the page text (or restore the default text)')
  .superRefine((text, ctx) => {
    const bytes = utf8ByteLength(text);
    if (bytes > LEGAL_PAGE_MAX_BYTES)
      ctx.addIssue({
        code: 'custom',
        message: `The page text is too long: ${Math.ceil(bytes / 1000)} KB, at most ${LEGAL_PAGE_MAX_BYTES / 1000} KB`,
      });
  });

/** PUT /api/admin/legal-pages/:kind and POST /api/admin/legal-pages/preview. */
export const legalPageUpdateSchema = z.strictObject({ markdown: legalMarkdownSchema });

/** GET /api/legal-pages/:kind: the page as the public reads it, already sanitised HTML with the rules in force. */
export interface LegalPageView {
  kind: LegalPageKind;
  title: string;
  html: string;
  /** When the owner last saved it; null while the default text is shown. */
  updatedAt: string | null;
}

/** One page in the admin's editor. */
export interface LegalPageAdmin extends LegalPageView {
  markdown: string;
  defaultMarkdown: string;
}

/** GET /api/admin/legal-pages. */
export interface LegalPagesAdmin {
  pages: LegalPageAdmin[];
  /** When the owner last confirmed the pages were reviewed (LEGAL_REVIEWED_AT); null: never. */
  reviewedAt: string | null;
}
