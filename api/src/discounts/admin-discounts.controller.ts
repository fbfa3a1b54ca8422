import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import type { AdminDiscount } from '@cocoa/shared-types';
import { IdParamDto } from '../common/id-param.dto';
import { AdminOnly } from '../common/auth.guards';
import { DiscountActiveDto, DiscountFormDto } from './discounts.dto';
import { DiscountsService } from './discounts.service';

/** The owner's Discounts tab: codes with their uses, added, edited, switched off, deleted while never used. */
@Controller('admin/discounts')
@AdminOnly()
export class AdminDiscountsController {
  constructor(private readonly discounts: DiscountsService) {}

  @Get()
  @Header('Cache-Control', 'private, no-store')
  list(): Promise<AdminDiscount[]> {
    return this.discounts.list();
  }

  @Post()
  create(@Body() body: DiscountFormDto): Promise<AdminDiscount> {
    return this.discounts.create(body);
  }

  @Put(':id')
  update(@Param() params: IdParamDto, @Body() body: DiscountFormDto): Promise<AdminDiscount> {
    return this.discounts.update(params.id, body);
  }

  @Patch(':id')
  setActive(@Param() params: IdParamDto, @Body() body: DiscountActiveDto): Promise<AdminDiscount> {
    return this.discounts.setActive(params.id, body.active);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param() params: IdParamDto): Promise<void> {
    return this.discounts.remove(params.id);
  }
}
