import type { AdminProduct, Product } from '@cocoa/shared-types';
import { Controller, Get, Query } from '@nestjs/common';
import { AdminRecords } from '../common/admin-routes';
import { AdminGet } from '../common/auth.guards';
import { ProductCreateDto, ProductListQueryDto, ProductUpdateDto } from './catalogue.dto';
import { PublicAnswer } from '../common/public-answer.decorator';
import { ProductsService } from './products.service';

@Controller('products')
export class ProductsController extends AdminRecords<typeof ProductCreateDto, typeof ProductUpdateDto, AdminProduct>({
  create: ProductCreateDto,
  edit: ProductUpdateDto,
  editVerb: 'patch',
}) {
  constructor(private readonly products: ProductsService) {
    super(products);
  }

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
}
