import type { AdminProduct, Product } from '@cocoa/shared-types';
import { Body, Controller, Get, Param, Query } from '@nestjs/common';
import { IdParamDto } from '../common/id-param.dto';
import { AdminCreate, AdminDelete, AdminGet, AdminPatch } from '../common/auth.guards';
import { ProductCreateDto, ProductListQueryDto, ProductUpdateDto } from './catalogue.dto';
import { PublicAnswer } from '../common/public-answer.decorator';
import { ProductsService } from './products.service';

@Controller('products')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  /** Home page list (public). */
  @Get('featured')
  @PublicAnswer()
  featured(): Promise<Product[]> {
    return this.products.featured();
  }

  @AdminGet()
  list(@Query() query: ProductListQueryDto): Promise<AdminProduct[]> {
    return this.products.list(query);
  }

  @AdminCreate()
  create(@Body() body: ProductCreateDto): Promise<AdminProduct> {
    return this.products.create(body);
  }

  @AdminPatch(':id')
  update(@Param() params: IdParamDto, @Body() body: ProductUpdateDto): Promise<AdminProduct> {
    return this.products.update(params.id, body);
  }

  @AdminDelete(':id')
  remove(@Param() params: IdParamDto): Promise<void> {
    return this.products.remove(params.id);
  }
}
