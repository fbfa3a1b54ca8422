import type { ImportResult } from '@cocoa/shared-types';
import { Controller, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { AdminGet, AdminPost } from '../common/auth.guards';
import { MultipartFile } from '../common/multipart-file.interceptor';
import { XLSX_CONTENT_TYPE } from './catalogue-excel';
import { CatalogueUpsertService } from './catalogue-upsert.service';

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** Excel export of the catalogue (a Products, a Categories and an Options sheet); import from that workbook, saved by any spreadsheet program, or a CSV of the Products sheet. */
@Controller('products')
export class ProductsExcelController {
  constructor(private readonly catalogue: CatalogueUpsertService) {}

  @AdminGet('export')
  async export(): Promise<StreamableFile> {
    const file = await this.catalogue.exportWorkbook();
    const name = `products-${new Date().toISOString().slice(0, 10)}.xlsx`;
    return new StreamableFile(file, { type: XLSX_CONTENT_TYPE, disposition: `attachment; filename="${name}"`, length: file.length });
  }

  /** multipart `file` (.xlsx or .csv); every row validated; all or nothing; {imported, categories: [names created]}. */
  @AdminPost('import')
  @UseInterceptors(MultipartFile('file', IMPORT_MAX_BYTES, 'The file is too large. The maximum size is 10 MB.'))
  import(@UploadedFile() file: Express.Multer.File | undefined): Promise<ImportResult> {
    return this.catalogue.importWorkbook(file);
  }
}
