import { Column, Entity } from 'typeorm';
import { EditedRow } from '../database/row.columns';

@Entity('categories')
export class Category extends EditedRow {
  @Column({ type: 'varchar', length: 80 })
  name: string;

  @Column({ type: 'varchar', length: 80, unique: true })
  slug: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  imageUrl: string | null;
}
