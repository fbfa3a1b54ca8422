import { type StopPickup } from '@cocoa/shared-types';
import { Controller, Get, Header, Param } from '@nestjs/common';
import { IdParamDto } from '../common/id-param.dto';
import { StopPickupService } from './stop-pickup.service';

/**
 * GET /api/stops/:id/pickup, public: whether this stop takes orders now, its open pickup times and
 * the cart's menu with the cart now laid over them (StopPickupService, which the stop's first
 * screen reads too). Not kept by the cache: places go as orders come.
 */
@Controller()
export class PickupMenuController {
  constructor(private readonly stops: StopPickupService) {}

  @Get('stops/:id/pickup')
  @Header('Cache-Control', 'no-cache')
  pickup(@Param() params: IdParamDto): Promise<StopPickup> {
    return this.stops.forStop(params.id);
  }
}
