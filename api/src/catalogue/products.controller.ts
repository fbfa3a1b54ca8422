import type { AdminProduct, Product } from '@cocoa/shared-types';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { IdParamDto } from '../common/id-param.dto';
import { AdminOnly, AdminRead } from '../common/auth.guards';
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

  @Get()
  @AdminRead()
  list(@Query() query: ProductListQueryDto): Promise<AdminProduct[]> {
    return this.products.list(query);
  }

  @Post()
  @AdminOnly()
  create(@Body() body: ProductCreateDto): Promise<AdminProduct> {
    return this.products.create(body);
  }

  @Patch(':id')
  @AdminOnly()
  update(@Param() params: IdParamDto, @Body() body: ProductUpdateDto): Promise<AdminProduct> {
    return this.products.update(params.id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  remove(@Param() params: IdParamDto): Promise<void> {
    return this.products.remove(params.id);
  }
}
