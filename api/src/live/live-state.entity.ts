import type { LiveStatus } from '@cocoa/shared-types';
import { Bool, Int, Jsonb, Timestamptz, Varchar } from '../common/typed-columns';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { LivePlaceColumns } from './live-place.columns';

/** The cart now: one row (id = 1), changed only with a history row in the same transaction (LiveService). */
@Entity('live_state')
export class LiveStateEntity {
  @PrimaryColumn({ type: 'smallint' }) id: number;

  /** Checked in (any status) until the owner checks out. */
  @Bool({ default: false }) live: boolean;

  /** Where it is checked in; every field null when not live. */
  @Column(() => LivePlaceColumns, { prefix: false }) place: LivePlaceColumns;
  @Varchar(10, { nullable: true }) status: LiveStatus | null;
  @Int({ nullable: true }) minutes: number | null;

  /** Products sold out at this check-in, in the order they sold out. */
  @Jsonb({ default: [] }) soldOut: string[];
  @Timestamptz({ nullable: true }) since: Date | null;

  /** When the state last changed; null before the first check-in ever. */
  @Timestamptz({ nullable: true }) updatedAt: Date | null;

  /** The history row (live_events.id) of the last change: the event stream's `id:`. */
  @Int({ nullable: true }) lastEventId: number | null;
}
