import { type BookingPackage, bookingPackageInputSchema } from '@cocoa/shared-types';
import { Controller } from '@nestjs/common';
import { AdminRecords } from '../common/admin-routes';
import { AdminGet } from '../common/auth.guards';
import { createZodDto } from '../common/zod-validation.pipe';
import { BookingPackagesService } from './booking-packages.service';

class PackageInputDto extends createZodDto(bookingPackageInputSchema) {}

/** The owner's booking packages: every one, hidden ones included, added, edited and deleted. */
@Controller('admin/booking/packages')
export class BookingPackagesAdminController extends AdminRecords<typeof PackageInputDto, typeof PackageInputDto, BookingPackage>({
  create: PackageInputDto,
  edit: PackageInputDto,
  editVerb: 'put',
}) {
  constructor(private readonly packages: BookingPackagesService) {
    super(packages);
  }

  @AdminGet()
  list(): Promise<BookingPackage[]> {
    return this.packages.list('all');
  }
}
