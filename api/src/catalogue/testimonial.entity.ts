import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('testimonials')
export class Testimonial {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text' })
  content: string;

  /** 0 to 5; may be fractional (a half star is shown). */
  @Column({ type: 'double precision' })
  rating: number;

  @Column({ type: 'boolean', default: true })
  featured: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
