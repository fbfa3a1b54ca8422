import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { DomainError, TooManyRequestsError } from './domain-errors';
import { log } from './logger';

const PG_UNAVAILABLE =
  /ECONNREFUSED|ECONNRESET|Connection terminated|terminating connection|the database system is|Pool has ended|timeout exceeded when trying to connect/i;

/**
 * Every error leaves as `{ message, code }` with a 4xx for the caller's mistakes, never a 500
 * for bad input. Unknown errors are logged and answer a generic 500. The database being away is
 * reported to `outage` (health/DatabaseOutage), which logs it once, not once per request.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly outage: { noticed(error: unknown): void }) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const { status, message, code } = toHttpError(error);
    if (code === 'DATABASE_UNAVAILABLE') this.outage.noticed(error);
    else if (status >= 500) log('error', 'request failed', { method: req.method, path: req.originalUrl, status, error: describe(error) });
    if (res.headersSent) return;
    if (error instanceof TooManyRequestsError && error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    res.status(status).json({ message, code });
  }
}

export function toHttpError(error: unknown): { status: number; message: string; code: string } {
  if (error instanceof DomainError) return { status: error.status, message: error.message, code: error.code };
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const body = error.getResponse();
    const raw = typeof body === 'string' ? body : (body as { message?: unknown }).message;
    const message = Array.isArray(raw) ? raw.join('; ') : typeof raw === 'string' ? raw : error.message;
    return { status, message: status === 404 && /^Cannot /.test(message) ? 'Not found' : message, code: httpCode(status) };
  }
  // Errors raised by Express middleware (body-parser, multer) carry their own status.
  const withStatus = error as { status?: unknown; statusCode?: unknown; type?: unknown; message?: unknown };
  const status = Number(withStatus?.status ?? withStatus?.statusCode);
  if (Number.isInteger(status) && status >= 400 && status < 500) {
    const message =
      withStatus.type === 'entity.parse.failed'
        ? 'Malformed JSON in request body'
        : withStatus.type === 'entity.too.large'
          ? 'Request body is too large'
          : typeof withStatus.message === 'string'
            ? withStatus.message
            : 'Bad request';
    return { status, message, code: httpCode(status) };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, message: 'The shop is temporarily unavailable. Please try again shortly.', code: 'DATABASE_UNAVAILABLE' };
  }
  if (error instanceof QueryFailedError) {
    const pgCode = (error.driverError as { code?: string } | undefined)?.code;
    // Input the schemas let through but the database refuses (e.g. a value out of an int range).
    if (pgCode === '22P02' || pgCode === '22003' || pgCode === '22001' || pgCode === '22007' || pgCode === '22008') {
      return { status: 400, message: 'A value in the request is out of range', code: 'BAD_INPUT' };
    }
    if (pgCode === '22021') return { status: 400, message: 'Text must not contain NUL characters or invalid UTF-8', code: 'BAD_INPUT' };
    if (pgCode === '23505') return { status: 409, message: 'That already exists', code: 'CONFLICT' };
  }
  return { status: 500, message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' };
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const err = error as { message?: string; code?: string; driverError?: { message?: string; code?: string } } | undefined;
  const text = `${err?.message ?? ''} ${err?.code ?? ''} ${err?.driverError?.message ?? ''} ${err?.driverError?.code ?? ''}`;
  return PG_UNAVAILABLE.test(text) || err?.code === '57P01' || err?.driverError?.code === '57P01';
}

function httpCode(status: number): string {
  switch (status) {
    case 400:
      return 'BAD_INPUT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
}
