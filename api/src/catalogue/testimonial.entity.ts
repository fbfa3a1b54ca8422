import { Entity } from 'typeorm';
import { Bool, Double, Text, Varchar } from '../common/typed-columns';
import { CreatedRow } from '../database/row.columns';

@Entity('testimonials')
export class Testimonial extends CreatedRow {
  @Varchar(100) name: string;
  @Text() content: string;

  /** 0 to 5; may be fractional (a half star is shown). */
  @Double() rating: number;
  @Bool({ default: true }) featured: boolean;
}
