import { Body, Controller, Param } from '@nestjs/common';
import type { AdminDiscount } from '@cocoa/shared-types';
import { IdParamDto } from '../common/id-param.dto';
import { AdminRecords } from '../common/admin-routes';
import { AdminGet, AdminPatch } from '../common/auth.guards';
import { DiscountActiveDto, DiscountFormDto } from './discounts.dto';
import { DiscountsService } from './discounts.service';

/** The owner's Discounts tab: codes with their uses, added, edited, switched off, deleted while never used. */
@Controller('admin/discounts')
export class AdminDiscountsController extends AdminRecords<typeof DiscountFormDto, typeof DiscountFormDto, AdminDiscount>({
  create: DiscountFormDto,
  edit: DiscountFormDto,
  editVerb: 'put',
}) {
  constructor(private readonly discounts: DiscountsService) {
    super(discounts);
  }

  @AdminGet()
  list(): Promise<AdminDiscount[]> {
    return this.discounts.list();
  }

  @AdminPatch(':id')
  setActive(@Param() params: IdParamDto, @Body() body: DiscountActiveDto): Promise<AdminDiscount> {
    return this.discounts.setActive(params.id, body.active);
  }
}
