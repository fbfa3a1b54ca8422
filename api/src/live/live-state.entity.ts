import type { LiveStatus } from '@cocoa/shared-types';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { LivePlaceColumns } from './live-place.columns';

/** The cart now: one row (id = 1), changed only with a history row in the same transaction (LiveService). */
@Entity('live_state')
export class LiveStateEntity {
  @PrimaryColumn({ type: 'smallint' })
  id: number;

  /** Checked in (any status) until the owner checks out. */
  @Column({ type: 'boolean', default: false })
  live: boolean;

  /** Where it is checked in; every field null when not live. */
  @Column(() => LivePlaceColumns, { prefix: false })
  place: LivePlaceColumns;

  @Column({ type: 'varchar', length: 10, nullable: true })
  status: LiveStatus | null;

  @Column({ type: 'integer', nullable: true })
  minutes: number | null;

  /** Products sold out at this check-in, in the order they sold out. */
  @Column({ type: 'jsonb', default: [] })
  soldOut: string[];

  @Column({ type: 'timestamptz', nullable: true })
  since: Date | null;

  /** When the state last changed; null before the first check-in ever. */
  @Column({ type: 'timestamptz', nullable: true })
  updatedAt: Date | null;

  /** The history row (live_events.id) of the last change: the event stream's `id:`. */
  @Column({ type: 'integer', nullable: true })
  lastEventId: number | null;
}
