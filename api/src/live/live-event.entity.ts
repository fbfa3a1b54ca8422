import { Column, Entity } from 'typeorm';
import { Int, Varchar } from '../common/typed-columns';
import { CreatedRow } from '../database/row.columns';
import { LivePlaceColumns } from './live-place.columns';

/** The history kinds: a check-in (or a move), each status change, and the check-out. */
export const LIVE_EVENT_TYPES = ['check-in', 'serving', 'late', 'closing', 'closed', 'sold-out', 'back-in-stock', 'check-out'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/**
 * The live tracker's history: one row per change, written in the change's transaction. `label` is
 * the place the change happened at (the place left, for a check-out); `actor` is 'admin:<username>'.
 */
@Entity('live_events')
export class LiveEventEntity extends CreatedRow {
  @Varchar(20) type: LiveEventType;
  @Varchar(120) actor: string;
  @Column(() => LivePlaceColumns, { prefix: false }) place: LivePlaceColumns;

  /** 'late': how late; 'closing': closing in how many minutes. */
  @Int({ nullable: true }) minutes: number | null;

  /** 'sold-out' / 'back-in-stock': the product. */
  @Varchar(100, { nullable: true }) product: string | null;
}
