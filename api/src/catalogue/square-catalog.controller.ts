import type { Category, Product, Testimonial } from '@cocoa/shared-types';
import { Controller, Get, Param } from '@nestjs/common';
import { CategoriesService } from './categories.service';
import { SlugParamDto } from './catalogue.dto';
import { Revalidate } from './catalogue.http';
import { ProductsService } from './products.service';
import { TestimonialsService } from './testimonials.service';

/**
 * The storefront's catalogue calls (SPEC §7). The paths keep the payment provider's name; they read
 * the local catalogue, into which Square is synced when connected (ARCHITECTURE "Catalogue source").
 */
@Controller('square')
export class SquareCatalogController {
  constructor(
    private readonly products: ProductsService,
    private readonly categories: CategoriesService,
    private readonly testimonials: TestimonialsService,
  ) {}

  @Get('catalog/categories')
  @Revalidate()
  listCategories(): Promise<Category[]> {
    return this.categories.list();
  }

  @Get('catalog/products')
  @Revalidate()
  listProducts(): Promise<Product[]> {
    return this.products.listPublic();
  }

  @Get('catalog/products/featured')
  @Revalidate()
  featuredProducts(): Promise<Product[]> {
    return this.products.featured();
  }

  @Get('catalog/products/slug/:slug')
  @Revalidate()
  productBySlug(@Param() params: SlugParamDto): Promise<Product> {
    return this.products.getBySlug(params.slug);
  }

  @Get('testimonials/featured')
  @Revalidate()
  featuredTestimonials(): Promise<Testimonial[]> {
    return this.testimonials.featured();
  }
}
