import type { BookingPackage, bookingPackageInputSchema } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { z } from 'zod';
import { ConflictError, NotFoundError, UserInputError } from '../common/domain-errors';
import { BookingPackageEntity } from './booking-package.entity';
import { BookingSettingsService } from './booking-settings.service';
import { BookingEntity } from './booking.entity';
import { toPackage } from './booking.mapper';

type PackageInput = z.output<typeof bookingPackageInputSchema>;

export const PACKAGE_NOT_FOUND = 'Package not found';

/**
 * The packages the owner offers. Public readers see the active ones; the owner sees all. A package
 * some booking used cannot be deleted (the booking keeps its name and prices, but the owner's
 * views link to it): 409, deactivate it instead.
 */
@Injectable()
export class BookingPackagesService {
  constructor(
    @InjectRepository(BookingPackageEntity) private readonly packages: Repository<BookingPackageEntity>,
    @InjectRepository(BookingEntity) private readonly bookings: Repository<BookingEntity>,
    private readonly settings: BookingSettingsService,
  ) {}

  async list(which: 'active' | 'all'): Promise<BookingPackage[]> {
    const rows = await this.packages.find({ where: which === 'active' ? { active: true } : {}, order: { minimumCents: 'ASC', id: 'ASC' } });
    return rows.map(toPackage);
  }

  /** A package a new request may use: it exists and is offered. */
  async bookable(id: number): Promise<BookingPackageEntity> {
    const found = await this.packages.findOneBy({ id });
    if (!found || !found.active) throw new UserInputError('That package is not available. Please choose another one.', 'PACKAGE_NOT_AVAILABLE');
    return found;
  }

  async create(input: PackageInput): Promise<BookingPackage> {
    const depositPercent = input.depositPercent ?? (await this.settings.get()).depositPercent;
    return toPackage(await this.packages.save(this.packages.create({ ...input, depositPercent })));
  }

  async update(id: number, input: PackageInput): Promise<BookingPackage> {
    const found = await this.findOrFail(id);
    const depositPercent = input.depositPercent ?? found.depositPercent;
    Object.assign(found, { ...input, depositPercent });
    return toPackage(await this.packages.save(found));
  }

  async remove(id: number): Promise<void> {
    await this.findOrFail(id);
    const used = await this.bookings.countBy({ packageId: id });
    if (used > 0)
      throw new ConflictError(
        `${used} booking${used === 1 ? ' uses' : 's use'} this package: deactivate it instead, so it is no longer offered`,
        'PACKAGE_IN_USE',
      );
    await this.packages.delete({ id });
  }

  private async findOrFail(id: number): Promise<BookingPackageEntity> {
    const found = await this.packages.findOneBy({ id });
    if (!found) throw new NotFoundError(PACKAGE_NOT_FOUND, 'PACKAGE_NOT_FOUND');
    return found;
  }
}
