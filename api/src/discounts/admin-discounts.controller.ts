import { Body, Controller, Param } from '@nestjs/common';
import type { AdminDiscount } from '@cocoa/shared-types';
import { IdParamDto } from '../common/id-param.dto';
import { AdminCreate, AdminDelete, AdminGet, AdminPatch, AdminPut } from '../common/auth.guards';
import { DiscountActiveDto, DiscountFormDto } from './discounts.dto';
import { DiscountsService } from './discounts.service';

/** The owner's Discounts tab: codes with their uses, added, edited, switched off, deleted while never used. */
@Controller('admin/discounts')
export class AdminDiscountsController {
  constructor(private readonly discounts: DiscountsService) {}

  @AdminGet()
  list(): Promise<AdminDiscount[]> {
    return this.discounts.list();
  }

  @AdminCreate()
  create(@Body() body: DiscountFormDto): Promise<AdminDiscount> {
    return this.discounts.create(body);
  }

  @AdminPut(':id')
  update(@Param() params: IdParamDto, @Body() body: DiscountFormDto): Promise<AdminDiscount> {
    return this.discounts.update(params.id, body);
  }

  @AdminPatch(':id')
  setActive(@Param() params: IdParamDto, @Body() body: DiscountActiveDto): Promise<AdminDiscount> {
    return this.discounts.setActive(params.id, body.active);
  }

  @AdminDelete(':id')
  remove(@Param() params: IdParamDto): Promise<void> {
    return this.discounts.remove(params.id);
  }
}
