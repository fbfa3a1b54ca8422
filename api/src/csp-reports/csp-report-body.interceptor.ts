import { CSP_REPORT_MAX_BYTES, CSP_REPORT_TYPES } from '@cocoa/shared-types';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import express, { type Request, type Response } from 'express';
import type { Observable } from 'rxjs';
import { DomainError } from '../common/domain-errors';
import { toHttpError } from '../common/error.filter';

const parseReport = express.json({ type: [...CSP_REPORT_TYPES], limit: CSP_REPORT_MAX_BYTES, strict: true });

/**
 * Reads a report's body, which the app's JSON parser leaves alone (its content type is not
 * application/json): only the two types browsers send reports in (415 otherwise), at most
 * CSP_REPORT_MAX_BYTES (413 past it, cut off as it streams in), JSON (400 otherwise). Runs after
 * the rate limit's guard, so refused bodies count toward the address's limit too.
 */
@Injectable()
export class CspReportBodyInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    if (!req.is([...CSP_REPORT_TYPES])) {
      throw new DomainError(`A report must be sent as ${CSP_REPORT_TYPES.join(' or ')}`, 'UNSUPPORTED_MEDIA_TYPE', 415);
    }
    await new Promise<void>((resolve, reject) => {
      parseReport(req, http.getResponse<Response>(), (err?: unknown) => (err ? reject(toReportError(err)) : resolve()));
    });
    return next.handle();
  }
}

function toReportError(err: unknown): DomainError {
  const { status, message, code } = toHttpError(err);
  if (status === 413) return new DomainError(`A report may be at most ${CSP_REPORT_MAX_BYTES / 1024} KB`, code, 413);
  return new DomainError(message, code, status >= 400 && status < 500 ? status : 400);
}
