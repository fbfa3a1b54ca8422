import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImagesModule } from '../images/images.module';
import { CatalogueUpsertService } from './catalogue-upsert.service';
import { CategoriesController } from './categories.controller';
import { CategoriesService } from './categories.service';
import { Category } from './category.entity';
import { Product } from './product.entity';
import { ProductsController } from './products.controller';
import { ProductsExcelController } from './products-excel.controller';
import { ProductsService } from './products.service';
import { SquareCatalogController } from './square-catalog.controller';
import { StockService } from './stock.service';
import { Testimonial } from './testimonial.entity';
import { TestimonialsService } from './testimonials.service';

/** Products, categories and testimonials: the local catalogue the shop serves; stock; Excel import/export. */
@Module({
  imports: [TypeOrmModule.forFeature([Category, Product, Testimonial]), ImagesModule],
  controllers: [SquareCatalogController, ProductsExcelController, ProductsController, CategoriesController],
  providers: [CategoriesService, ProductsService, TestimonialsService, CatalogueUpsertService, StockService],
  exports: [CategoriesService, ProductsService, TestimonialsService, CatalogueUpsertService, StockService],
})
export class CatalogueModule {}
