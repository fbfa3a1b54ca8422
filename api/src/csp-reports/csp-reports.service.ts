import { CSP_REPORTS_KEPT, CSP_REPORTS_LISTED, type CspReport, type CspViolation } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CspReportEntity } from './csp-report.entity';

/**
 * The pages' Content-Security-Policy violations as browsers report them (docs/security.md). What
 * is kept is what the owner needs to tell a broken page or an injected script from a browser
 * extension's noise: the page and the blocked resource without query strings or fragments (an
 * order link's token, a search), the directive, where in which file, the browser's sample, the
 * browser. Never the request's cookies or address. The newest CSP_REPORTS_KEPT are kept.
 */
@Injectable()
export class CspReportsService {
  constructor(@InjectRepository(CspReportEntity) private readonly reports: Repository<CspReportEntity>) {}

  /** Stores the violations of one delivery, then drops all but the newest reports, in one transaction. */
  async record(violations: CspViolation[], requestUserAgent: string | undefined): Promise<void> {
    if (!violations.length) return;
    const rows = violations.map((v) => ({
      documentUrl: clip(withoutQuery(v.documentUrl), 2048),
      blockedUrl: v.blockedUrl === null ? null : clip(withoutQuery(v.blockedUrl), 2048),
      directive: clip(v.directive, 100),
      sourceFile: v.sourceFile === null ? null : clip(withoutQuery(v.sourceFile), 2048),
      lineNumber: v.line,
      columnNumber: v.column,
      sample: v.sample === null ? null : clip(v.sample, 200),
      disposition: v.disposition === null ? null : clip(v.disposition, 20),
      userAgent: nullIfEmpty(clip(v.userAgent ?? requestUserAgent ?? '', 512)),
    }));
    await this.reports.manager.transaction(async (m) => {
      await m.insert(CspReportEntity, rows);
      await m.query(`DELETE FROM csp_reports WHERE id <= (SELECT id FROM csp_reports ORDER BY id DESC OFFSET $1 LIMIT 1)`, [CSP_REPORTS_KEPT]);
    });
  }

  /** The newest reports first, as the admin lists them. */
  async list(): Promise<CspReport[]> {
    const rows = await this.reports.find({ order: { id: 'DESC' }, take: CSP_REPORTS_LISTED });
    return rows.map((r) => ({
      id: r.id,
      receivedAt: r.receivedAt.toISOString(),
      documentUrl: r.documentUrl,
      blockedUrl: r.blockedUrl,
      directive: r.directive,
      sourceFile: r.sourceFile,
      line: r.lineNumber,
      column: r.columnNumber,
      sample: r.sample,
      disposition: r.disposition,
      userAgent: r.userAgent,
    }));
  }
}

/** Schemes whose URL is the content itself or a handle to it: only the scheme is kept, as Chromium reports them. */
const CONTENT_SCHEMES = new Set(['data:', 'blob:', 'javascript:', 'filesystem:', 'about:']);

/**
 * A URL without its query string, fragment and credentials (they may carry an order link's token
 * or a password); a data: or blob: URL as its scheme alone; a browser's keyword ('inline', 'eval',
 * 'wasm-eval', 'trusted-types-policy') or a relative path as it is, up to any '?' or '#'.
 */
function withoutQuery(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value.split(/[?#]/)[0];
  }
  if (CONTENT_SCHEMES.has(url.protocol)) return url.protocol.slice(0, -1);
  url.search = '';
  url.hash = '';
  url.username = '';
  url.password = '';
  return url.href;
}

/** At most `max` characters (PostgreSQL counts code points), without NUL (text cannot hold it). */
function clip(value: string, max: number): string {
  const chars = Array.from(value.replaceAll('\u0000', ''));
  return chars.length <= max ? chars.join('') : chars.slice(0, max).join('');
}

const nullIfEmpty = (value: string) => (value === '' ? null : value);
