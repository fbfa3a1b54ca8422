/**
 * The live tracker's state and its changes. Decisions:
 *
 * - **One row is the state.** `live_state` (id = 1) holds the cart now; `live_events` holds the
 *   history. Every change (check-in, status, check-out) is ONE transaction that locks the state
 *   row, writes the history row, updates the state, queues `LIVE_PUSH_JOB` ({ change, eventId,
 *   state }) for the push module's worker and, on PostgreSQL, sends `pg_notify` (delivered only if
 *   the transaction commits). So two tablets tapping at once take turns, and a refused change
 *   leaves no row, no job and no notice. A missing state row (a backup from before the tracker)
 *   reads as "not live" and is written back on the next change.
 * - **Check-in** is at one of today's stops (the shop's day, EventsService.todayStop: 404 unknown,
 *   409 another day; the label is the stop's place name, else its title, with its address and
 *   pin), or 'somewhere else' with the label and position the tablet sent (no address). Checking
 *   in while live is a move: the place, status and `since` are replaced, products stay sold out
 *   (moving does not restock the cart), history is kept. A check-in may set 'serving' or 'closed';
 *   'late' and 'closing' need minutes, so they are set with a status change (400 otherwise).
 * - **Status** changes need a check-in (409 'Check in first'). 'sold-out' adds a product (at most
 *   LIVE_SOLD_OUT_MAX, 409 beyond); 'back-in-stock' takes it off. Both compare names without case
 *   and are idempotent: a product already sold out (or not sold out) changes nothing and writes
 *   no history, so a retried tap never notifies twice. Setting a status always records it (setting
 *   'closing' again restarts its minutes from now).
 * - **Check-out** clears the state (not live, no place, no status, nothing sold out); 409 when not live.
 * - **Publishing** happens after the commit: `onChange` listeners (LiveStreamService) get the new
 *   state at once in this process; other replicas hear the notice (payload: this replica's id and
 *   the event id, never the state) and read the state from the database themselves.
 * - **The stream** (`GET /api/live/stream`, LiveStreamService): Server-Sent Events with
 *   `retry: 3000`, the current state on connect (`event: state`, `id:` = the last history row;
 *   Last-Event-ID needs nothing more), each change, a comment every 20 s; headers that forbid
 *   caching, transforming and proxy buffering (no compression runs in front of the API); at most
 *   5,000 open streams per process (503 past it); all ended on shutdown (main.ts ends them before
 *   draining the HTTP server), so clients reconnect to a replica that is up.
 * - `GET /api/live` is read from the database on each request, never from the public answer cache
 *   (`Cache-Control: no-store`). The owner's writes clear the public answers like any admin write;
 *   no public answer (GET /api/events) depends on the live state.
 */
import { randomBytes } from 'node:crypto';
import {
  LIVE_SOLD_OUT_MAX,
  type LiveHistoryEntry,
  type liveCheckInSchema,
  type LiveReverseGeocode,
  type LiveState,
  type liveStatusChangeSchema,
  sameProduct,
} from '@cocoa/shared-types';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, Repository } from 'typeorm';
import type { z } from 'zod';
import { claimChangeKey } from '../common/change-key';
import { ConflictError, UserInputError } from '../common/domain-errors';
import { DB_POOL, type DatabasePool } from '../database-pool/database-pool';
import { EventsService } from '../events/events.service';
import { GeocodingService } from '../geocoding/geocoding.service';
import { JobsService } from '../jobs/jobs.service';
import { ShopTimeZoneService } from '../settings/shop-time-zone.service';
import { LiveEventEntity } from './live-event.entity';
import { LiveStateEntity } from './live-state.entity';
import { LIVE_PUSH_JOB, type LiveChange, type LivePushJob } from './live.constants';
import { LivePlaceColumns } from './live-place.columns';

export type LiveCheckIn = z.output<typeof liveCheckInSchema>;
export type LiveStatusInput = z.output<typeof liveStatusChangeSchema>;

/** The state with the history row it came from (0 before any change): what a stream sends as `id:`. */
export interface LiveSnapshot {
  state: LiveState;
  eventId: number;
}

/** The PostgreSQL channel replicas hear each other's changes on. */
export const LIVE_CHANNEL = 'cocoa_live';
export const LIVE_HISTORY_LIMIT = 50;
export const CHECK_IN_FIRST = 'Check in first';

type StateFields = Omit<LiveStateEntity, 'id' | 'lastEventId'>;
type EventFields = Pick<LiveEventEntity, 'type'> & Partial<Pick<LiveEventEntity, 'minutes' | 'product'>> & { place: Partial<LivePlaceColumns> };
interface Decision {
  change: LiveChange;
  event: EventFields;
  next: (at: Date) => StateFields;
}

const NOWHERE: LivePlaceColumns = { stopId: null, label: null, address: null, latitude: null, longitude: null };
const NOT_LIVE: Omit<StateFields, 'updatedAt'> = { live: false, place: NOWHERE, status: null, minutes: null, soldOut: [], since: null };

/** The cart now, its changes and their history (see the file's doc). */
@Injectable()
export class LiveService {
  /** Names this replica in its notices, so it does not read its own changes back. */
  readonly replicaId = randomBytes(8).toString('hex');
  private readonly listeners: Array<(snapshot: LiveSnapshot) => void> = [];

  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(LiveStateEntity) private readonly states: Repository<LiveStateEntity>,
    @InjectRepository(LiveEventEntity) private readonly events: Repository<LiveEventEntity>,
    @Inject(DB_POOL) private readonly db: DatabasePool,
    private readonly jobs: JobsService,
    private readonly schedule: EventsService,
    private readonly geocoding: GeocodingService,
    private readonly shopTime: ShopTimeZoneService,
  ) {}

  /** Called after each change committed here, with the new state. */
  onChange(listener: (snapshot: LiveSnapshot) => void): void {
    this.listeners.push(listener);
  }

  async current(): Promise<LiveState> {
    return (await this.snapshot()).state;
  }

  /** The state now, read from the database, with its history row's id. */
  async snapshot(): Promise<LiveSnapshot> {
    const row = await this.states.findOneBy({ id: 1 });
    const timeZone = await this.shopTime.current();
    return { state: toLiveState(row, timeZone), eventId: row?.lastEventId ?? 0 };
  }

  /** `changeKey` (here and below): the tablet's id for a change replayed from its offline queue; made once. */
  async checkIn(input: LiveCheckIn, actor: string, changeKey?: string): Promise<LiveState> {
    if (input.status === 'late' || input.status === 'closing') {
      throw new UserInputError('Check in as serving or closed, then set how many minutes late or until closing', 'LIVE_MINUTES_NEEDED');
    }
    const place: LivePlaceColumns =
      'stopId' in input
        ? await this.schedule.todayStop(input.stopId).then((stop) => ({
            stopId: stop.id,
            label: stop.location ?? stop.title,
            address: stop.address,
            latitude: stop.latitude,
            longitude: stop.longitude,
          }))
        : { stopId: null, label: input.place.label, address: null, latitude: input.place.latitude, longitude: input.place.longitude };
    return this.change(actor, { key: changeKey, scope: 'live:check-in' }, (row) => ({
      change: 'check-in',
      event: { type: 'check-in', place },
      next: (at) => ({ live: true, place, status: input.status, minutes: null, soldOut: row.live ? row.soldOut : [], since: at, updatedAt: at }),
    }));
  }

  async changeStatus(input: LiveStatusInput, actor: string, changeKey?: string): Promise<LiveState> {
    return this.change(actor, { key: changeKey, scope: 'live:status' }, (row) => {
      if (!row.live) throw new ConflictError(CHECK_IN_FIRST, 'LIVE_NOT_CHECKED_IN');
      const here = { place: { label: row.place.label, stopId: row.place.stopId } };
      const kept = { ...stateFields(row) };
      switch (input.status) {
        case 'sold-out': {
          if (row.soldOut.some((p) => sameProduct(p, input.product))) return null;
          if (row.soldOut.length >= LIVE_SOLD_OUT_MAX)
            throw new ConflictError(`At most ${LIVE_SOLD_OUT_MAX} products can be sold out at once: mark one back in stock first`, 'LIVE_SOLD_OUT_FULL');
          return {
            change: 'status',
            event: { type: 'sold-out', ...here, product: input.product },
            next: (at) => ({ ...kept, soldOut: [...row.soldOut, input.product], updatedAt: at }),
          };
        }
        case 'back-in-stock': {
          const listed = row.soldOut.find((p) => sameProduct(p, input.product));
          if (listed === undefined) return null;
          return {
            change: 'status',
            event: { type: 'back-in-stock', ...here, product: listed },
            next: (at) => ({ ...kept, soldOut: row.soldOut.filter((p) => p !== listed), updatedAt: at }),
          };
        }
        default: {
          const minutes = 'minutes' in input ? input.minutes : null;
          return {
            change: 'status',
            event: { type: input.status, ...here, minutes },
            next: (at) => ({ ...kept, status: input.status, minutes, updatedAt: at }),
          };
        }
      }
    });
  }

  async checkOut(actor: string, changeKey?: string): Promise<LiveState> {
    return this.change(actor, { key: changeKey, scope: 'live:check-out' }, (row) => {
      if (!row.live) throw new ConflictError('You are not checked in', 'LIVE_NOT_CHECKED_IN');
      return {
        change: 'check-out',
        event: { type: 'check-out', place: { stopId: row.place.stopId, label: row.place.label } },
        next: (at) => ({ ...NOT_LIVE, updatedAt: at }),
      };
    });
  }

  /** The last LIVE_HISTORY_LIMIT changes, newest first. */
  async history(): Promise<LiveHistoryEntry[]> {
    const rows = await this.events.find({ order: { id: 'DESC' }, take: LIVE_HISTORY_LIMIT });
    return rows.map((e) => ({
      id: e.id,
      at: e.createdAt.toISOString(),
      actor: e.actor,
      type: e.type,
      label: e.place.label,
      minutes: e.minutes,
      product: e.product,
    }));
  }

  /** A label for the tablet's position (the owner may still type one if this fails). */
  async reverseGeocode(lat: number, lng: number): Promise<LiveReverseGeocode> {
    const found = await this.geocoding.reverse(lat, lng);
    return { label: found.label, address: found.address };
  }

  /**
   * One change in one transaction (see the class doc). `decide` sees the locked row and answers
   * the change, null for nothing to change, or throws to refuse. A change already made under
   * `replay.key` (for that kind of change) is not decided again: the state is answered as it is now.
   */
  private async change(
    actor: string,
    replay: { key: string | undefined; scope: string },
    decide: (row: LiveStateEntity) => Decision | null,
  ): Promise<LiveState> {
    const result = await this.dataSource.transaction(async (m) => {
      const row = await lockedState(m);
      const timeZone = await this.shopTime.current(m);
      const decision = (await claimChangeKey(m, replay.key, replay.scope)) ? decide(row) : null;
      if (!decision) return { snapshot: { state: toLiveState(row, timeZone), eventId: row.lastEventId ?? 0 }, changed: false };
      const at = new Date();
      const event = await m.getRepository(LiveEventEntity).save(m.create(LiveEventEntity, { ...decision.event, actor, createdAt: at }));
      const next: LiveStateEntity = { id: 1, ...decision.next(at), lastEventId: event.id };
      const { id: _id, ...fields } = next;
      await m.getRepository(LiveStateEntity).update({ id: 1 }, fields);
      const state = toLiveState(next, timeZone);
      await this.jobs.send<LivePushJob>(LIVE_PUSH_JOB, { change: decision.change, eventId: event.id, state }, { manager: m });
      if (this.db.kind === 'postgres') await m.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, `${this.replicaId}:${event.id}`]);
      return { snapshot: { state, eventId: event.id }, changed: true };
    });
    if (result.changed) for (const listener of this.listeners) listener(result.snapshot);
    return result.snapshot.state;
  }
}

/** The state row, locked for this transaction; written back first if a restore left none. */
async function lockedState(m: EntityManager): Promise<LiveStateEntity> {
  const repo = m.getRepository(LiveStateEntity);
  const lock = { mode: 'pessimistic_write' as const };
  const row = await repo.findOne({ where: { id: 1 }, lock });
  if (row) return row;
  await m.query(`INSERT INTO live_state (id) VALUES (1) ON CONFLICT (id) DO NOTHING`);
  return repo.findOneOrFail({ where: { id: 1 }, lock });
}

function stateFields(row: LiveStateEntity): StateFields {
  const { id: _id, lastEventId: _event, ...fields } = row;
  return fields;
}

/** The wire shape of GET /api/live (no row: not live, never changed). */
export function toLiveState(row: Omit<LiveStateEntity, 'id' | 'lastEventId'> | null, timeZone: string): LiveState {
  const updatedAt = row?.updatedAt ? row.updatedAt.toISOString() : null;
  const label = row?.place.label ?? null;
  if (!row?.live || label === null || row.status === null || row.since === null) {
    return { live: false, place: null, status: null, minutes: null, soldOut: [], since: null, updatedAt, timeZone };
  }
  return {
    live: true,
    place: { ...row.place, label },
    status: row.status,
    minutes: row.minutes,
    soldOut: [...row.soldOut],
    since: row.since.toISOString(),
    updatedAt,
    timeZone,
  };
}
