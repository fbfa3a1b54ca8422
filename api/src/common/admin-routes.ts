import { Body, Param } from '@nestjs/common';
import type { z } from 'zod';
import { AdminCreate, AdminDelete, AdminGet, AdminPatch, AdminPut } from './auth.guards';
import { IdParamDto } from './id-param.dto';
import type { ZodDtoClass } from './zod-validation.pipe';

/** What a service offers for one kind of record the owner keeps by hand (categories, products, stops...). */
interface AdminRecordsService<Create, Edit, Answer> {
  create(input: Create): Promise<Answer>;
  update(id: number, input: Edit): Promise<Answer>;
  remove(id: number): Promise<void>;
}

interface AdminRecordsOptions<C extends ZodDtoClass, E extends ZodDtoClass> {
  /** The body of a new record. */
  create: C;
  /** The body of an edit, and how it is sent: PUT replaces every field, PATCH changes the ones given. */
  edit: E;
  editVerb: 'put' | 'patch';
}

/**
 * The owner's create, edit and delete of one kind of record, written once, on the controller's path:
 * `POST` (201 with the record), `PUT|PATCH :id` (200 with it) and `DELETE :id` (204),
 * admin-only, each body checked by its schema. A controller extends the class this returns and hands
 * its service to `super`; its other routes (lists, public reads, switches) stay its own.
 */
export function AdminRecords<C extends ZodDtoClass, E extends ZodDtoClass, Answer>(options: AdminRecordsOptions<C, E>) {
  const Edit = options.editVerb === 'patch' ? AdminPatch : AdminPut;

  abstract class AdminRecordRoutes {
    constructor(protected readonly records: AdminRecordsService<z.output<C['schema']>, z.output<E['schema']>, Answer>) {}

    @AdminCreate()
    create(@Body() body: z.output<C['schema']>): Promise<Answer> {
      return this.records.create(body);
    }

    @Edit(':id')
    update(@Param() params: IdParamDto, @Body() body: z.output<E['schema']>): Promise<Answer> {
      return this.records.update(params.id, body);
    }

    @AdminDelete(':id')
    remove(@Param() params: IdParamDto): Promise<void> {
      return this.records.remove(params.id);
    }
  }

  // The bodies' types are generic here, so the compiler records them as Object: name the DTOs
  // themselves, which the validation pipe reads its schemas from.
  Reflect.defineMetadata('design:paramtypes', [options.create], AdminRecordRoutes.prototype, 'create');
  Reflect.defineMetadata('design:paramtypes', [IdParamDto, options.edit], AdminRecordRoutes.prototype, 'update');
  return AdminRecordRoutes;
}

/** One of the owner's settings as a controller reaches it: read whole, saved whole, answered as read. */
interface AdminSettingStore<Input, Answer> {
  read(): Promise<Answer>;
  save(input: Input): Promise<Answer>;
}

/**
 * One of the owner's settings, written once: `GET path` reads it and `PUT path` saves every field at
 * once (checked by the input's schema: a 400 changes nothing), both admin-only, both answering what
 * the owner's form shows. A controller extends the class this returns and hands `super` the store.
 */
export function AdminSetting<I extends ZodDtoClass, Answer>(options: { path: string; input: I }) {
  abstract class AdminSettingRoutes {
    constructor(protected readonly setting: AdminSettingStore<z.output<I['schema']>, Answer>) {}

    @AdminGet(options.path)
    readSetting(): Promise<Answer> {
      return this.setting.read();
    }

    @AdminPut(options.path)
    saveSetting(@Body() body: z.output<I['schema']>): Promise<Answer> {
      return this.setting.save(body);
    }
  }

  Reflect.defineMetadata('design:paramtypes', [options.input], AdminSettingRoutes.prototype, 'saveSetting');
  return AdminSettingRoutes;
}
