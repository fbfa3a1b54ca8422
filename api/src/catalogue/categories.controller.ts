import type { Category } from '@cocoa/shared-types';
import { Controller, Get } from '@nestjs/common';
import { AdminRecords } from '../common/admin-routes';
import { CategoriesService } from './categories.service';
import { CategoryCreateDto, CategoryUpdateDto } from './catalogue.dto';
import { PublicAnswer } from '../common/public-answer.decorator';

@Controller('categories')
export class CategoriesController extends AdminRecords<typeof CategoryCreateDto, typeof CategoryUpdateDto, Category>({
  create: CategoryCreateDto,
  edit: CategoryUpdateDto,
  editVerb: 'patch',
}) {
  constructor(private readonly categories: CategoriesService) {
    super(categories);
  }

  /** Home page and admin list (public). */
  @Get()
  @PublicAnswer()
  list(): Promise<Category[]> {
    return this.categories.list();
  }
}
