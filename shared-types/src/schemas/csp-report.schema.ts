import { z } from 'zod';

/**
 * Reports of the pages' Content-Security-Policy violations (docs/security.md), as browsers send
 * them to POST /api/csp-reports, in either form:
 * - `application/csp-report`, the `report-uri` directive's body (Firefox, Safari): one report,
 *   `{ "csp-report": { "document-uri", "violated-directive", "blocked-uri", ... } }`;
 * - `application/reports+json`, the Reporting API's (Chromium, through `report-to` and the
 *   Reporting-Endpoints header): a list of reports `{ type, url, user_agent, body }`, those of
 *   type `csp-violation` with `{ documentURL, effectiveDirective, blockedURL, ... }` as body.
 * Browsers add fields over time: unknown ones are ignored, never refused.
 */
export const CSP_REPORT_TYPES = ['application/csp-report', 'application/reports+json'] as const;

/** The largest body a report may have (a browser's report is a few hundred bytes; its sample is at most 40 characters). */
export const CSP_REPORT_MAX_BYTES = 64 * 1024;
/** The most reports one Reporting API delivery may carry. */
const CSP_REPORTS_PER_DELIVERY_MAX = 100;
/** How many reports are kept: older ones are dropped as new ones arrive. */
export const CSP_REPORTS_KEPT = 500;
/** How many of the newest the admin lists. */
export const CSP_REPORTS_LISTED = 100;

const text = (name: string) => z.string({ message: `${name} must be text` });
const POSITION_MAX = 2147483647;
/** A line or column number: browsers send a number (0 when unknown); text holding one is read too. */
const position = (name: string) =>
  z
    .union([z.number(), z.string()], { message: `${name} must be a number` })
    .transform((v) => (typeof v === 'number' ? v : Number(v)))
    .refine((v) => Number.isInteger(v) && v >= 0 && v <= POSITION_MAX, `${name} must be a whole number`)
    .optional();

/** The directive's name: an old browser's violated-directive carries its sources after it ("script-src 'self'"). */
const directiveName = (value: string | undefined) => (value ?? '').trim().split(/\s+/)[0] ?? '';
const orNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);

/** One violation as the API keeps it, whichever form it came in (URLs still as the browser sent them). */
export interface CspViolation {
  documentUrl: string;
  blockedUrl: string | null;
  directive: string;
  sourceFile: string | null;
  line: number | null;
  column: number | null;
  sample: string | null;
  disposition: string | null;
  /** The browser's own, when the report says it (the Reporting API's). */
  userAgent: string | null;
}

/** The `report-uri` form: `{ "csp-report": { ... } }`, one violation. */
const legacyCspReportSchema = z
  .object(
    {
      'csp-report': z
        .object(
          {
            'document-uri': text('document-uri').min(1, 'document-uri is required'),
            'violated-directive': text('violated-directive').optional(),
            'effective-directive': text('effective-directive').optional(),
            'blocked-uri': text('blocked-uri').optional(),
            'source-file': text('source-file').optional(),
            'line-number': position('line-number'),
            'column-number': position('column-number'),
            'script-sample': text('script-sample').optional(),
            disposition: text('disposition').optional(),
          },
          { message: 'csp-report must be an object' },
        )
        .refine((r) => directiveName(r['effective-directive'] || r['violated-directive']) !== '', {
          message: 'violated-directive is required',
          path: ['violated-directive'],
        }),
    },
    { message: 'A report must be an object' },
  )
  .transform(({ 'csp-report': r }): CspViolation[] => [
    {
      documentUrl: r['document-uri'],
      blockedUrl: orNull(r['blocked-uri']),
      directive: directiveName(r['effective-directive'] || r['violated-directive']),
      sourceFile: orNull(r['source-file']),
      line: r['line-number'] || null,
      column: r['column-number'] || null,
      sample: orNull(r['script-sample']),
      disposition: orNull(r.disposition),
      userAgent: null,
    },
  ]);

const violationBodySchema = z.object(
  {
    documentURL: text('documentURL').min(1, 'documentURL is required'),
    effectiveDirective: text('effectiveDirective').refine((d) => directiveName(d) !== '', 'effectiveDirective is required'),
    blockedURL: text('blockedURL').optional(),
    sourceFile: text('sourceFile').optional(),
    lineNumber: position('lineNumber').nullable(),
    columnNumber: position('columnNumber').nullable(),
    sample: text('sample').optional(),
    disposition: text('disposition').optional(),
  },
  { message: 'body must be an object' },
);

/**
 * One report of a Reporting API delivery: a `csp-violation` report is read; a report of another
 * type (a policy other than ours may name the endpoint some day) is accepted and ignored.
 */
const reportingApiReportSchema = z
  .object(
    { type: text('type').min(1, 'type is required'), user_agent: text('user_agent').optional(), body: z.unknown().optional() },
    { message: 'Each report must be an object with its type and body' },
  )
  .transform((report, ctx): CspViolation | null => {
    if (report.type !== 'csp-violation') return null;
    const parsed = violationBodySchema.safeParse(report.body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['body', ...issue.path] });
      return z.NEVER;
    }
    const v = parsed.data;
    return {
      documentUrl: v.documentURL,
      blockedUrl: orNull(v.blockedURL),
      directive: directiveName(v.effectiveDirective),
      sourceFile: orNull(v.sourceFile),
      line: v.lineNumber || null,
      column: v.columnNumber || null,
      sample: orNull(v.sample),
      disposition: orNull(v.disposition),
      userAgent: orNull(report.user_agent),
    };
  });

/** The `report-to` form: a list of reports, its violations. */
const reportingApiDeliverySchema = z
  .array(reportingApiReportSchema, { message: 'A delivery must be a list of reports' })
  .min(1, 'A delivery must hold at least one report')
  .max(CSP_REPORTS_PER_DELIVERY_MAX, `A delivery may hold at most ${CSP_REPORTS_PER_DELIVERY_MAX} reports`)
  .transform((reports) => reports.filter((r): r is CspViolation => r !== null));

/** The schema of a report body by its content type. */
export const CSP_REPORT_SCHEMAS = {
  'application/csp-report': legacyCspReportSchema,
  'application/reports+json': reportingApiDeliverySchema,
} as const satisfies Record<(typeof CSP_REPORT_TYPES)[number], z.ZodType<CspViolation[], unknown>>;

/** One stored report as the admin lists it (URLs without their query strings). */
export const cspReportSchema = z.object({
  id: z.number(),
  receivedAt: z.string(),
  documentUrl: z.string(),
  blockedUrl: z.string().nullable(),
  directive: z.string(),
  sourceFile: z.string().nullable(),
  line: z.number().nullable(),
  column: z.number().nullable(),
  sample: z.string().nullable(),
  disposition: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type CspReport = z.infer<typeof cspReportSchema>;
