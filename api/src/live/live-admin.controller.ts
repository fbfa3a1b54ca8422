import {
  type LiveHistoryEntry,
  liveCheckInSchema,
  type LiveReverseGeocode,
  liveReverseGeocodeQuerySchema,
  type LiveState,
  liveStatusChangeSchema,
} from '@cocoa/shared-types';
import { Body, Controller, Query } from '@nestjs/common';
import type { z } from 'zod';
import { type AdminActor, AdminGet, AdminPost, CurrentActor } from '../common/auth.guards';
import { ChangeKey } from '../common/change-key';
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

/**
 * The owner's tablet: check in, set the status, check out; the history; a name for where
 * the tablet is. A change replayed from the tablet's offline queue under the same Idempotency-Key
 * is made once.
 */
@Controller('admin/live')
export class LiveAdminController {
  constructor(private readonly live: LiveService) {}

  @AdminPost('check-in')
  checkIn(@Body() body: CheckInDto, @CurrentActor() actor: AdminActor, @ChangeKey() key: string | undefined): Promise<LiveState> {
    return this.live.checkIn(body as LiveCheckIn, actor, key);
  }

  @AdminPost('status')
  changeStatus(@Body() body: StatusChangeDto, @CurrentActor() actor: AdminActor, @ChangeKey() key: string | undefined): Promise<LiveState> {
    return this.live.changeStatus(body as LiveStatusInput, actor, key);
  }

  @AdminPost('check-out')
  checkOut(@CurrentActor() actor: AdminActor, @ChangeKey() key: string | undefined): Promise<LiveState> {
    return this.live.checkOut(actor, key);
  }

  @AdminGet('history')
  history(): Promise<LiveHistoryEntry[]> {
    return this.live.history();
  }

  @AdminGet('reverse-geocode')
  reverseGeocode(@Query() query: ReverseGeocodeQueryDto): Promise<LiveReverseGeocode> {
    return this.live.reverseGeocode(query.lat, query.lng);
  }
}
