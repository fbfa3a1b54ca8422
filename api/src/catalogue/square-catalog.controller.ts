import type { Category, Product, Testimonial } from '@cocoa/shared-types';
import { Controller, Get, Param } from '@nestjs/common';
import { PublicAnswer } from '../common/public-answer.decorator';
import { CategoriesService } from './categories.service';
import { SlugParamDto } from './catalogue.dto';
import { ProductsService } from './products.service';
import { TestimonialsService } from './testimonials.service';

/**
 * The storefront's catalogue calls. The paths keep the payment provider's name; they read
 * the local catalogue, into which Square is synced when connected, so the shop keeps selling while Square is down.
 */
@Controller('square')
export class SquareCatalogController {
  constructor(
    private readonly products: ProductsService,
    private readonly categories: CategoriesService,
    private readonly testimonials: TestimonialsService,
  ) {}

  @Get('catalog/categories')
  @PublicAnswer()
  listCategories(): Promise<Category[]> {
    return this.categories.list();
  }

  @Get('catalog/products')
  @PublicAnswer()
  listProducts(): Promise<Product[]> {
    return this.products.listPublic();
  }

  @Get('catalog/products/featured')
  @PublicAnswer()
  featuredProducts(): Promise<Product[]> {
    return this.products.featured();
  }

  @Get('catalog/products/slug/:slug')
  @PublicAnswer()
  productBySlug(@Param() params: SlugParamDto): Promise<Product> {
    return this.products.getBySlug(params.slug);
  }

  @Get('testimonials/featured')
  @PublicAnswer()
  featuredTestimonials(): Promise<Testimonial[]> {
    return this.testimonials.featured();
  }
}
