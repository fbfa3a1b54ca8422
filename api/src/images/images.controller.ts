import {
  IMAGE_MAX_BYTES,
  type ImageBulkDeleteResult,
  type ImageInfo,
  type ImageUploadResult,
  imageBulkDeleteSchema,
  imageDeleteSchema,
  imageUploadFieldsSchema,
} from '@cocoa/shared-types';
import { Body, Controller, UploadedFile, UseInterceptors } from '@nestjs/common';
import { AdminCreate, AdminGet, AdminPost } from '../common/auth.guards';
import { MultipartFile } from '../common/multipart-file.interceptor';
import { createZodDto } from '../common/zod-validation.pipe';
import { ImagesService } from './images.service';

class ImageUploadFieldsDto extends createZodDto(imageUploadFieldsSchema) {}
class ImageDeleteDto extends createZodDto(imageDeleteSchema) {}
class ImageBulkDeleteDto extends createZodDto(imageBulkDeleteSchema) {}

export const IMAGE_TOO_LARGE = 'Image is too large. The maximum size is 5 MB.';

@Controller('products')
export class ProductImagesController {
  constructor(private readonly images: ImagesService) {}

  /** multipart: `image`, optional `type`, `replace` ('true'|'false') and `target` (a file to replace). */
  @AdminCreate('upload-image')
  @UseInterceptors(MultipartFile('image', IMAGE_MAX_BYTES, IMAGE_TOO_LARGE))
  upload(@UploadedFile() file: Express.Multer.File | undefined, @Body() fields: ImageUploadFieldsDto): Promise<ImageUploadResult> {
    return this.images.upload(file, fields);
  }
}

@Controller('images')
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  @AdminGet()
  list(): Promise<{ images: ImageInfo[] }> {
    return this.images.list();
  }

  @AdminPost('delete')
  async remove(@Body() body: ImageDeleteDto): Promise<{ success: true }> {
    await this.images.remove(body.imagePath);
    return { success: true };
  }

  @AdminPost('bulk-delete')
  removeMany(@Body() body: ImageBulkDeleteDto): Promise<ImageBulkDeleteResult> {
    return this.images.removeMany(body.imagePaths);
  }
}
