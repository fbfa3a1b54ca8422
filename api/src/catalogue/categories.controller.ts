import type { Category } from '@cocoa/shared-types';
import { Body, Controller, Get, Param } from '@nestjs/common';
import { IdParamDto } from '../common/id-param.dto';
import { AdminCreate, AdminDelete, AdminPatch } from '../common/auth.guards';
import { CategoriesService } from './categories.service';
import { CategoryCreateDto, CategoryUpdateDto } from './catalogue.dto';
import { PublicAnswer } from '../common/public-answer.decorator';

@Controller('categories')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  /** Home page and admin list (public). */
  @Get()
  @PublicAnswer()
  list(): Promise<Category[]> {
    return this.categories.list();
  }

  @AdminCreate()
  create(@Body() body: CategoryCreateDto): Promise<Category> {
    return this.categories.create(body);
  }

  @AdminPatch(':id')
  update(@Param() params: IdParamDto, @Body() body: CategoryUpdateDto): Promise<Category> {
    return this.categories.update(params.id, body);
  }

  @AdminDelete(':id')
  remove(@Param() params: IdParamDto): Promise<void> {
    return this.categories.remove(params.id);
  }
}
