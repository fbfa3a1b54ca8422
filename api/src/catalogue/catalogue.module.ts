import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CategoriesController } from './categories.controller';
import { CategoriesService } from './categories.service';
import { Category } from './category.entity';
import { Product } from './product.entity';
import { ProductsController } from './products.controller';
import { ProductsService } from './products.service';
import { SquareCatalogController } from './square-catalog.controller';
import { Testimonial } from './testimonial.entity';
import { TestimonialsService } from './testimonials.service';

/** Products, categories and testimonials: the local catalogue the shop serves. */
@Module({
  imports: [TypeOrmModule.forFeature([Category, Product, Testimonial])],
  controllers: [SquareCatalogController, ProductsController, CategoriesController],
  providers: [CategoriesService, ProductsService, TestimonialsService],
  exports: [CategoriesService, ProductsService, TestimonialsService],
})
export class CatalogueModule {}
