import {
  type LiveHistoryEntry,
  liveCheckInSchema,
  type LiveReverseGeocode,
  liveReverseGeocodeQuerySchema,
  type LiveState,
  liveStatusChangeSchema,
} from '@cocoa/shared-types';
import { Body, Controller, Get, Header, HttpCode, Post, Query } from '@nestjs/common';
import type { z } from 'zod';
import { AdminOnly, CurrentUser } from '../common/auth.guards';
import { ChangeKey } from '../common/change-key';
import type { SessionUser } from '../common/session-user';
import { createZodDto } from '../common/zod-validation.pipe';
import { type LiveCheckIn, LiveService, type LiveStatusInput } from './live.service';

/**
 * The two bodies are unions (a stop or a place; one status change of several kinds) and a class
 * cannot extend a union type: each DTO class still carries its schema for the validation pipe
 * (and the request fuzzer), and the handler reads the parsed value as the union it is.
 */
type UnionDto<T> = (new () => object) & { readonly schema: z.ZodType<T> };
class CheckInDto extends (createZodDto(liveCheckInSchema) as UnionDto<LiveCheckIn>) {}
class StatusChangeDto extends (createZodDto(liveStatusChangeSchema) as UnionDto<LiveStatusInput>) {}
class ReverseGeocodeQueryDto extends createZodDto(liveReverseGeocodeQuerySchema) {}

const actorOf = (user: SessionUser): `admin:${string}` => `admin:${user.username}`;

/**
 * The owner's tablet: check in, set the status, check out; the history; a name for where
 * the tablet is. A change replayed from the tablet's offline queue under the same Idempotency-Key
 * is made once.
 */
@Controller('admin/live')
@AdminOnly()
export class LiveAdminController {
  constructor(private readonly live: LiveService) {}

  @Post('check-in')
  @HttpCode(200)
  checkIn(@Body() body: CheckInDto, @CurrentUser() user: SessionUser, @ChangeKey() key: string | undefined): Promise<LiveState> {
    return this.live.checkIn(body as LiveCheckIn, actorOf(user), key);
  }

  @Post('status')
  @HttpCode(200)
  changeStatus(@Body() body: StatusChangeDto, @CurrentUser() user: SessionUser, @ChangeKey() key: string | undefined): Promise<LiveState> {
    return this.live.changeStatus(body as LiveStatusInput, actorOf(user), key);
  }

  @Post('check-out')
  @HttpCode(200)
  checkOut(@CurrentUser() user: SessionUser, @ChangeKey() key: string | undefined): Promise<LiveState> {
    return this.live.checkOut(actorOf(user), key);
  }

  @Get('history')
  @Header('Cache-Control', 'private, no-store')
  history(): Promise<LiveHistoryEntry[]> {
    return this.live.history();
  }

  @Get('reverse-geocode')
  @Header('Cache-Control', 'private, no-store')
  reverseGeocode(@Query() query: ReverseGeocodeQueryDto): Promise<LiveReverseGeocode> {
    return this.live.reverseGeocode(query.lat, query.lng);
  }
}
