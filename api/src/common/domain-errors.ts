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

export class UserInputError extends DomainError {
  constructor(message: string, code = 'BAD_INPUT') {
    super(message, code, 400);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message = 'Please log in to continue', code = 'UNAUTHENTICATED') {
    super(message, code, 401);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You do not have permission to do that', code = 'FORBIDDEN') {
    super(message, code, 403);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string, code = 'NOT_FOUND') {
    super(message, code, 404);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, code = 'CONFLICT') {
    super(message, code, 409);
  }
}

/** Something that existed and no longer serves (an expired order link). */
export class GoneError extends DomainError {
  constructor(message: string, code = 'GONE') {
    super(message, code, 410);
  }
}

/** Well-formed input the server cannot use (a feed URL that does not answer with a calendar). */
export class UnprocessableError extends DomainError {
  constructor(message: string, code = 'UNPROCESSABLE') {
    super(message, code, 422);
  }
}

export class PaymentError extends DomainError {
  constructor(message: string, code = 'PAYMENT_FAILED') {
    super(message, code, 402);
  }
}

/** `retryAfterSeconds`, when known, is sent as Retry-After (common/error.filter). */
export class TooManyRequestsError extends DomainError {
  constructor(
    message = 'Too many requests. Please wait a few minutes and try again.',
    code = 'RATE_LIMITED',
    readonly retryAfterSeconds?: number,
  ) {
    super(message, code, 429);
  }
}

export class UnavailableError extends DomainError {
  constructor(message: string, code = 'UNAVAILABLE') {
    super(message, code, 503);
  }
}

export class UpstreamError extends DomainError {
  constructor(message: string, code = 'UPSTREAM_FAILED') {
    super(message, code, 502);
  }
}
