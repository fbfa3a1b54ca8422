import type { Category } from '@cocoa/shared-types';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { IdParamDto } from '../common/id-param.dto';
import { AdminOnly } from '../common/auth.guards';
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

  @Post()
  @AdminOnly()
  create(@Body() body: CategoryCreateDto): Promise<Category> {
    return this.categories.create(body);
  }

  @Patch(':id')
  @AdminOnly()
  update(@Param() params: IdParamDto, @Body() body: CategoryUpdateDto): Promise<Category> {
    return this.categories.update(params.id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  remove(@Param() params: IdParamDto): Promise<void> {
    return this.categories.remove(params.id);
  }
}
