import type { LegalPageKind } from '@cocoa/shared-types';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The owner's text of one legal page (migration 1765550000000-legal-pages); no row: the default text. */
@Entity('legal_pages')
export class LegalPageEntity {
  @PrimaryColumn({ type: 'varchar', length: 20 })
  kind: LegalPageKind;

  @Column({ type: 'text' })
  markdown: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
