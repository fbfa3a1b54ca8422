import { applyDecorators, type CallHandler, type ExecutionContext, Header, Injectable, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import { PUBLIC_ANSWER } from './public-answer-cache';

@Injectable()
class MarkPublicAnswer implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    context.switchToHttp().getResponse<Response>().locals[PUBLIC_ANSWER] = true;
    return next.handle();
  }
}

/**
 * A public read whose answer is the same for every caller: browsers and the service worker keep it
 * but ask again each time (Express adds a weak ETag and answers a matching If-None-Match with 304),
 * and the PublicAnswerCache may replay it until something changes.
 */
export const PublicAnswer = () => applyDecorators(Header('Cache-Control', 'no-cache'), UseInterceptors(MarkPublicAnswer));
