/**
 * Services throw these; one filter maps them to HTTP status and `{ message, code }`. `code` is stable for callers.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The base of each coded error below: its HTTP status and the code it carries unless the thrower names another. */
function codedError(status: number, defaultCode: string) {
  return class extends DomainError {
    constructor(message: string, code = defaultCode) {
      super(message, code, status);
    }
  };
}

export class UserInputError extends codedError(400, 'BAD_INPUT') {}

export class UnauthenticatedError extends codedError(401, 'UNAUTHENTICATED') {
  constructor(message = 'Please log in to continue', code?: string) {
    super(message, code);
  }
}

export class ForbiddenError extends codedError(403, 'FORBIDDEN') {
  constructor(message = 'You do not have permission to do that', code?: string) {
    super(message, code);
  }
}

export class NotFoundError extends codedError(404, 'NOT_FOUND') {}

export class ConflictError extends codedError(409, 'CONFLICT') {}

/** Something that existed and no longer serves (an expired order link). */
export class GoneError extends codedError(410, 'GONE') {}

/** Well-formed input the server cannot use (a feed URL that does not answer with a calendar). */
export class UnprocessableError extends codedError(422, 'UNPROCESSABLE') {}

export class PaymentError extends codedError(402, 'PAYMENT_FAILED') {}

/** `retryAfterSeconds`, when known, is sent as Retry-After (common/error.filter). */
export class TooManyRequestsError extends codedError(429, 'RATE_LIMITED') {
  constructor(
    message = 'Too many requests. Please wait a few minutes and try again.',
    code?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message, code);
  }
}

export class UnavailableError extends codedError(503, 'UNAVAILABLE') {}

export class UpstreamError extends codedError(502, 'UPSTREAM_FAILED') {}
