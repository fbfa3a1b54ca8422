import { Entity } from 'typeorm';
import { Text, Varchar } from '../common/typed-columns';
import { EditedRow } from '../database/row.columns';

@Entity('categories')
export class Category extends EditedRow {
  @Varchar(80) name: string;
  @Varchar(80, { unique: true }) slug: string;
  @Text({ nullable: true }) description: string | null;
  @Varchar(500, { nullable: true }) imageUrl: string | null;
}
