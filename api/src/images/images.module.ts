import { Module } from '@nestjs/common';
import { ImagesController, ProductImagesController } from './images.controller';
import { ImagesService } from './images.service';

/** Product image upload, library and deletion; the files are served by the /uploads static route. */
@Module({
  controllers: [ProductImagesController, ImagesController],
  providers: [ImagesService],
  exports: [ImagesService],
})
export class ImagesModule {}
