import { Column, Entity } from 'typeorm';
import { CreatedRow } from '../database/row.columns';

@Entity('testimonials')
export class Testimonial extends CreatedRow {
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text' })
  content: string;

  /** 0 to 5; may be fractional (a half star is shown). */
  @Column({ type: 'double precision' })
  rating: number;

  @Column({ type: 'boolean', default: true })
  featured: boolean;
}
