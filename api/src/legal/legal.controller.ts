import { legalPageKindSchema, type LegalPagesAdmin, legalPageUpdateSchema, type LegalPageView } from '@cocoa/shared-types';
import { Body, Controller, Get, Param } from '@nestjs/common';
import { z } from 'zod';
import { AdminGet, AdminPost, AdminPut } from '../common/auth.guards';
import { PublicAnswer } from '../common/public-answer.decorator';
import { createZodDto } from '../common/zod-validation.pipe';
import { LegalPagesService } from './legal-pages.service';

class KindParamDto extends createZodDto(z.strictObject({ kind: legalPageKindSchema })) {}
class LegalPageUpdateDto extends createZodDto(legalPageUpdateSchema) {}

/** The legal pages: read by anyone, written by the owner in Markdown (docs/admin.md "Legal pages"). */
@Controller()
export class LegalController {
  constructor(private readonly legal: LegalPagesService) {}

  /** One page as sanitised HTML, with the booking and session rules in force written in. */
  @Get('legal-pages/:kind')
  @PublicAnswer()
  page(@Param() params: KindParamDto): Promise<LegalPageView> {
    return this.legal.page(params.kind);
  }

  /** The three pages' Markdown, default text and rendering, and when they were last marked reviewed. */
  @AdminGet('admin/legal-pages')
  list(): Promise<LegalPagesAdmin> {
    return this.legal.adminPages();
  }

  /** What the text would show, with the rules in force; stores nothing. */
  @AdminPost('admin/legal-pages/preview')
  preview(@Body() body: LegalPageUpdateDto): Promise<{ html: string }> {
    return this.legal.preview(body.markdown);
  }

  /** The owner confirms the pages were reviewed (LEGAL_REVIEWED_AT = now). */
  @AdminPost('admin/legal-pages/reviewed')
  markReviewed(): Promise<{ reviewedAt: string }> {
    return this.legal.markReviewed();
  }

  @AdminPut('admin/legal-pages/:kind')
  save(@Param() params: KindParamDto, @Body() body: LegalPageUpdateDto): Promise<LegalPageView> {
    return this.legal.save(params.kind, body.markdown);
  }
}
