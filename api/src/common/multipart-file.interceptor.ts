import { type CallHandler, type ExecutionContext, Injectable, mixin, type NestInterceptor, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { DomainError, UserInputError } from './domain-errors';

/**
 * Reads one multipart file field into memory (req.file) with a hard size cap: a bigger file is
 * cut off while it streams in and answers 413 with `tooLargeMessage`. Text fields land in req.body.
 */
export function MultipartFile(field: string, maxBytes: number, tooLargeMessage: string): Type<NestInterceptor> {
  const upload = multer({
    storage: multer.memoryStorage(),
    defParamCharset: 'utf8',
    limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 25, fieldSize: 64 * 1024 },
  }).single(field);

  @Injectable()
  class MultipartFileInterceptor implements NestInterceptor {
    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      await new Promise<void>((resolve, reject) => {
        upload(http.getRequest<Request>(), http.getResponse<Response>(), (err?: unknown) =>
          err ? reject(toDomainError(err, field, tooLargeMessage)) : resolve(),
        );
      });
      return next.handle();
    }
  }
  return mixin(MultipartFileInterceptor);
}

/** busboy's errors for a malformed or cut-off form (a NUL in a part header was a 500): the message is their only mark. */
const MALFORMED_UPLOAD = /^(Multipart: Boundary not found|Malformed part header|Malformed content type|Unsupported content type|Unexpected end of (form|file))/;

function toDomainError(err: unknown, field: string, tooLargeMessage: string): unknown {
  if (err instanceof multer.MulterError) {
    switch (err.code) {
      case 'LIMIT_FILE_SIZE':
        return new DomainError(tooLargeMessage, 'PAYLOAD_TOO_LARGE', 413);
      case 'LIMIT_UNEXPECTED_FILE':
        return new UserInputError(`Send the file in the "${field}" field, one file at a time`, 'UNEXPECTED_FILE');
      default:
        return new UserInputError(`The upload was refused: ${err.message}`, 'BAD_UPLOAD');
    }
  }
  if (err instanceof Error && MALFORMED_UPLOAD.test(err.message)) {
    return new UserInputError('The upload was malformed. Please try again.', 'BAD_UPLOAD');
  }
  return err;
}
