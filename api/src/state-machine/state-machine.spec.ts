import { CreateDateColumn, DataSource, Entity, type EntityManager, PrimaryGeneratedColumn } from 'typeorm';
import { Int, Jsonb, Varchar } from '../common/typed-columns';
import { ConflictError, NotFoundError } from '../common/domain-errors';
import { PGlitePool, pgliteDataSourceOptions } from '../database-pool/pglite-pool';
import { insertOrGather } from '../database/gathered-inserts';
import { defineStateMachine, RowMovedOn } from './state-machine';
import { StateMachineService } from './state-machine.service';

/** A kind declared here only: pickup orders at the cart, as a new kind would plug in. */
type PickupState = 'placed' | 'accepted' | 'preparing' | 'ready' | 'picked_up' | 'cancelled' | 'refunded' | 'not_collected';

@Entity('probe_pickups')
class Pickup {
  @PrimaryGeneratedColumn() id: number;
  @Varchar(20) state: PickupState;
  @Varchar(200, { nullable: true }) note: string | null;
}

@Entity('probe_pickup_events')
class PickupEvent {
  @PrimaryGeneratedColumn() id: number;
  @Int() pickupId: number;
  @Varchar(40) type: string;
  @Varchar(20, { nullable: true }) fromState: string | null;
  @Varchar(20) toState: string;
  @Varchar(120) actor: string;
  @Jsonb({ default: {} }) detail: Record<string, string | number | boolean | null>;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

/** Stands for the mail outbox or the job queue: a row written through the move's manager. */
@Entity('probe_jobs')
class Job {
  @PrimaryGeneratedColumn() id: number;
  @Int() pickupId: number;
  @Varchar(40) name: string;
}

/** Queues a job row as the mail outbox queues its messages: written now, or gathered into a held row's move. */
const queuedJobIds: number[] = [];
const queueJob = (m: EntityManager, job: Pick<Job, 'pickupId' | 'name'>) =>
  insertOrGather(m, Job, [job], (ids) => queuedJobIds.push(...ids)).then(() => undefined);

const PICKUP = defineStateMachine<Pickup, PickupState, { shopName: string }>({
  kind: 'pickup',
  entity: Pickup,
  field: 'state',
  moves: {
    placed: ['accepted', 'cancelled'],
    accepted: ['preparing', 'cancelled'],
    preparing: ['ready'],
    ready: ['picked_up', 'not_collected'],
    picked_up: ['refunded'],
    not_collected: ['refunded'],
    cancelled: [],
    refunded: [],
  },
  refused: (p, to) => new ConflictError(`Pickup ${p.id} is ${p.state}: it cannot be ${to}`, 'PICKUP_STATE_CONFLICT'),
  notFound: () => new NotFoundError('Pickup not found', 'PICKUP_NOT_FOUND'),
  history: (p, move) => ({
    entity: PickupEvent,
    values: { pickupId: p.id, type: move.type, fromState: move.from, toState: move.to, actor: move.actor, detail: move.detail },
  }),
  on: {
    accepted: { queue: (m, p, _move, ctx) => queueJob(m, { pickupId: p.id, name: `accepted-mail:${ctx.shopName}` }) },
    ready: { type: 'ready-for-pickup', queue: (m, p) => queueJob(m, { pickupId: p.id, name: 'ready-push' }) },
  },
});

describe('the state machine', () => {
  let pool: PGlitePool;
  let dataSource: DataSource;
  let machines: StateMachineService;

  beforeAll(async () => {
    // In memory: nothing here needs the disk, and a fresh data directory's initdb on a busy
    // disk (the PostgreSQL pass runs beside it) took most of the hook's minute.
    pool = await PGlitePool.open('memory://');
    dataSource = new DataSource({
      type: 'postgres',
      ...pgliteDataSourceOptions(pool),
      entities: [Pickup, PickupEvent, Job],
      synchronize: true,
    });
    await dataSource.initialize();
    machines = new StateMachineService(dataSource);
    // Opening PGlite compiles its WebAssembly: seconds alone, up to ~45 s beside two busy workers.
  }, 120_000);

  afterAll(async () => {
    await dataSource.destroy();
    await pool.end();
  });

  async function placed(): Promise<number> {
    const { id } = await dataSource.getRepository(Pickup).save({ state: 'placed', note: null });
    return id;
  }
  const stateOf = async (id: number) => (await dataSource.getRepository(Pickup).findOneByOrFail({ id })).state;
  const historyOf = (id: number) => dataSource.getRepository(PickupEvent).find({ where: { pickupId: id }, order: { id: 'ASC' } });
  const jobsOf = (id: number) => dataSource.getRepository(Job).find({ where: { pickupId: id }, order: { id: 'ASC' } });

  it('answers which moves the table allows', () => {
    expect(PICKUP.can('placed', 'accepted')).toBe(true);
    expect(PICKUP.can('placed', 'ready')).toBe(false);
    expect(PICKUP.can(null, 'accepted')).toBe(false);
    expect(PICKUP.allowed({ id: 1, state: 'ready', note: null })).toEqual(['picked_up', 'not_collected']);
    expect(PICKUP.allowed({ id: 1, state: 'refunded', note: null })).toEqual([]);
  });

  it('makes an allowed move: the new state with the caller’s fields, its history row and its queued job', async () => {
    const id = await placed();
    const row = await machines.move(PICKUP, { id }, 'accepted', {
      actor: 'admin:owner',
      detail: { minutes: 10 },
      set: { note: 'ten minutes' },
      ctx: { shopName: 'Cocoa' },
    });
    expect(row).toMatchObject({ id, state: 'accepted', note: 'ten minutes' });
    expect(await dataSource.getRepository(Pickup).findOneByOrFail({ id })).toMatchObject({ state: 'accepted', note: 'ten minutes' });
    expect(await historyOf(id)).toMatchObject([{ type: 'accepted', fromState: 'placed', toState: 'accepted', actor: 'admin:owner', detail: { minutes: 10 } }]);
    expect((await jobsOf(id)).map((j) => j.name)).toEqual(['accepted-mail:Cocoa']);
  });

  it('takes the declared history type, and several steps in one transaction', async () => {
    const id = await placed();
    await machines.withLocked(PICKUP, { id }, async (m, row) => {
      await PICKUP.step(m, row, 'accepted', { actor: 'system', ctx: { shopName: 'Cocoa' } });
      await PICKUP.step(m, row, 'preparing', { actor: 'system' });
      await PICKUP.step(m, row, 'ready', { actor: 'system' });
    });
    expect(await stateOf(id)).toBe('ready');
    expect((await historyOf(id)).map((e) => `${e.fromState}→${e.toState}:${e.type}`)).toEqual([
      'placed→accepted:accepted',
      'accepted→preparing:preparing',
      'preparing→ready:ready-for-pickup',
    ]);
    expect((await jobsOf(id)).map((j) => j.name)).toEqual(['accepted-mail:Cocoa', 'ready-push']);
  });

  it('writes what the caller changed on the locked row before the step, and every column of a row read elsewhere', async () => {
    const id = await placed();
    await machines.withLocked(PICKUP, { id }, async (m, row) => {
      row.note = 'changed before the move';
      await PICKUP.step(m, row, 'accepted', { actor: 'system', ctx: { shopName: 'Cocoa' } });
    });
    expect(await dataSource.getRepository(Pickup).findOneByOrFail({ id })).toMatchObject({ state: 'accepted', note: 'changed before the move' });

    const other = await placed();
    await dataSource.transaction(async (m) => {
      const row = await m.getRepository(Pickup).findOneOrFail({ where: { id: other }, lock: { mode: 'pessimistic_write' } });
      row.note = 'read without the machine';
      await PICKUP.step(m, row, 'accepted', { actor: 'system', ctx: { shopName: 'Cocoa' } });
      // A second step of the same row writes its own change, and keeps the first.
      await PICKUP.step(m, row, 'preparing', { actor: 'system' });
    });
    expect(await dataSource.getRepository(Pickup).findOneByOrFail({ id: other })).toMatchObject({ state: 'preparing', note: 'read without the machine' });
    // A column nobody changed is left as another transaction wrote it.
    const third = await placed();
    await machines.withLocked(PICKUP, { id: third }, async (m, row) => {
      await m.query(`UPDATE probe_pickups SET note = 'written beside the move' WHERE id = $1`, [third]);
      await PICKUP.step(m, row, 'accepted', { actor: 'system', ctx: { shopName: 'Cocoa' } });
    });
    expect(await dataSource.getRepository(Pickup).findOneByOrFail({ id: third })).toMatchObject({ state: 'accepted', note: 'written beside the move' });
  });

  it('refuses a move the table does not allow with the declared error, writing nothing', async () => {
    const id = await placed();
    const refused = machines.move(PICKUP, { id }, 'ready', { actor: 'admin:owner', set: { note: 'too soon' } });
    await expect(refused).rejects.toThrow(ConflictError);
    await expect(refused).rejects.toMatchObject({ code: 'PICKUP_STATE_CONFLICT', message: `Pickup ${id} is placed: it cannot be ready` });
    expect(await dataSource.getRepository(Pickup).findOneByOrFail({ id })).toMatchObject({ state: 'placed', note: null });
    expect(await historyOf(id)).toEqual([]);
    expect(await jobsOf(id)).toEqual([]);
  });

  it('answers the declared not-found error for a row that is not there', async () => {
    await expect(machines.move(PICKUP, { id: 999999 }, 'accepted', { actor: 'system' })).rejects.toMatchObject({ code: 'PICKUP_NOT_FOUND' });
  });

  it('rolls the state, the history row and the queued job back together when the move fails after writing them', async () => {
    const id = await placed();
    const failing = machines.move(PICKUP, { id }, 'accepted', {
      actor: 'admin:owner',
      ctx: { shopName: 'Cocoa' },
      queue: async (m, row) => {
        await m.insert(Job, { pickupId: row.id, name: 'second-job' });
        throw new Error('the mail could not be rendered');
      },
    });
    await expect(failing).rejects.toThrow('the mail could not be rendered');
    expect(await stateOf(id)).toBe('placed');
    expect(await historyOf(id)).toEqual([]);
    expect(await jobsOf(id)).toEqual([]);
  });

  /** A pickup inserted by the caller's own statement, as it answers it (RETURNING *). */
  async function insertedRaw(): Promise<Record<string, unknown>> {
    const [raw] = await dataSource.query<Record<string, unknown>[]>(`INSERT INTO probe_pickups (state, note) VALUES ('placed', 'as written') RETURNING *`);
    return raw;
  }

  it('moves a row held as written in one statement, with no read first and no transaction: its history row and queued job with it', async () => {
    const raw = await insertedRaw();
    const held = PICKUP.written(dataSource.manager, raw);
    expect(held).toBeInstanceOf(Pickup);
    expect(held).toMatchObject({ id: raw.id, state: 'placed', note: 'as written' });
    queuedJobIds.length = 0;
    await PICKUP.step(dataSource.manager, held, 'accepted', { actor: 'system', detail: { minutes: 5 }, ctx: { shopName: 'Cocoa' } });
    expect(held.state).toBe('accepted');
    expect(await dataSource.getRepository(Pickup).findOneByOrFail({ id: held.id })).toMatchObject({ state: 'accepted', note: 'as written' });
    expect(await historyOf(held.id)).toMatchObject([{ type: 'accepted', fromState: 'placed', toState: 'accepted', actor: 'system', detail: { minutes: 5 } }]);
    const jobs = await jobsOf(held.id);
    expect(jobs.map((j) => j.name)).toEqual(['accepted-mail:Cocoa']);
    // The queued rows' ids are told once written, as an insert of their own would answer them.
    expect(queuedJobIds).toEqual([jobs[0].id]);
    // Its next step is an ordinary one: the row now moves as any locked row does.
    await dataSource.transaction((m) => PICKUP.step(m, held, 'preparing', { actor: 'system' }));
    expect(await stateOf(held.id)).toBe('preparing');
  });

  it('writes nothing for a row held as written that another move took first, in a transaction or not', async () => {
    for (const inTransaction of [false, true]) {
      const held = PICKUP.written(dataSource.manager, await insertedRaw());
      await machines.move(PICKUP, { id: held.id }, 'cancelled', { actor: 'admin:owner' });
      const step = (m: EntityManager) => PICKUP.step(m, held, 'accepted', { actor: 'system', ctx: { shopName: 'Cocoa' } });
      await expect(inTransaction ? dataSource.transaction(step) : step(dataSource.manager)).rejects.toThrow(RowMovedOn);
      expect(await stateOf(held.id)).toBe('cancelled');
      expect((await historyOf(held.id)).map((e) => `${e.fromState}→${e.toState}`)).toEqual(['placed→cancelled']);
      expect(await jobsOf(held.id)).toEqual([]);
    }
  });

  it('queues moves of one row behind each other: the second sees the first’s state', async () => {
    const id = await placed();
    const results = await Promise.allSettled([
      machines.move(PICKUP, { id }, 'accepted', { actor: 'a', ctx: { shopName: 'A' } }),
      machines.move(PICKUP, { id }, 'accepted', { actor: 'b', ctx: { shopName: 'B' } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await historyOf(id)).toHaveLength(1);
    expect(await jobsOf(id)).toHaveLength(1);
  });
});
