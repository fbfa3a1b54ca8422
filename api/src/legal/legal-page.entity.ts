import type { LegalPageKind } from '@cocoa/shared-types';
import { Text, Timestamptz } from '../common/typed-columns';
import { Entity, PrimaryColumn } from 'typeorm';

/** The owner's text of one legal page (migration 1765550000000-legal-pages); no row: the default text. */
@Entity('legal_pages')
export class LegalPageEntity {
  @PrimaryColumn({ type: 'varchar', length: 20 }) kind: LegalPageKind;
  @Text() markdown: string;
  @Timestamptz({ default: () => 'now()' }) updatedAt: Date;
}
