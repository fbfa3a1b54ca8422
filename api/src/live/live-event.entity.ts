import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The history kinds: a check-in (or a move), each status change, and the check-out. */
export const LIVE_EVENT_TYPES = ['check-in', 'serving', 'late', 'closing', 'closed', 'sold-out', 'back-in-stock', 'check-out'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/**
 * The live tracker's history: one row per change, written in the change's transaction. `label` is
 * the place the change happened at (the place left, for a check-out); `actor` is 'admin:<username>'.
 */
@Entity('live_events')
export class LiveEventEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 20 })
  type: LiveEventType;

  @Column({ type: 'varchar', length: 120 })
  actor: string;

  @Column({ type: 'integer', nullable: true })
  stopId: number | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  label: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  address: string | null;

  @Column({ type: 'double precision', nullable: true })
  latitude: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude: number | null;

  /** 'late': how late; 'closing': closing in how many minutes. */
  @Column({ type: 'integer', nullable: true })
  minutes: number | null;

  /** 'sold-out' / 'back-in-stock': the product. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  product: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
