import { Module } from '@nestjs/common';
import { ImagesController, ProductImagesController } from './images.controller';
import { ImagesService } from './images.service';

/** Product image upload (with responsive variants, see ImagesService), library and deletion; the files are served by the /uploads static route (cache headers: upload-cache.ts). */
@Module({
  controllers: [ProductImagesController, ImagesController],
  providers: [ImagesService],
  exports: [ImagesService],
})
export class ImagesModule {}
