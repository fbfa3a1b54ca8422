import type { EntityManager, EntityMetadata, EntityTarget, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import { type GatheredInsert, gatheringInserts, insertWhere } from '../database/gathered-inserts';

/** What a history row's detail may hold: the words that came with a move, amounts, provider ids. */
export type MoveDetail = Record<string, string | number | boolean | null>;

/** One move as it is made: from where to where, by whom, and the words its history row keeps. */
export interface Move<S extends string> {
  /** Null when the row had no state yet (an order's fulfilment before it is paid): never allowed. */
  from: S | null;
  to: S;
  /** Who moved it: 'customer', 'system', 'admin:<username>', or the payment source. */
  actor: string;
  /** The history row's type ('paid', 'accepted', 'fulfilment' ...). */
  type: string;
  detail: MoveDetail;
  /** Where the move came from, for kinds whose history keeps it apart from the actor (checkout, webhook ...). */
  source?: string;
}

/** A row of the kind's history table, as `manager.insert` takes it. */
export interface HistoryRow {
  entity: EntityTarget<ObjectLiteral>;
  values: ObjectLiteral;
}

/** What the caller of a move says about it. */
export interface MoveRequest<Row, S extends string, Ctx> {
  actor: string;
  /** The history row's type; default the declared one for the target state, else the state itself. */
  type?: string;
  source?: string;
  detail?: MoveDetail;
  /** Other fields written with the new state, in the same write. */
  set?: Partial<Row>;
  /** What the declared effects of the move read (a prepared mailer, the shop's settings ...). */
  ctx?: Ctx;
  /** A mail or job this one call queues besides the declared ones, in the move's transaction. */
  queue?: (m: EntityManager, row: Row, move: Move<S>) => Promise<void>;
}

/** What one target state brings with it, whoever moves there. */
export interface MoveEffects<Row, S extends string, Ctx> {
  /** The history row's type when the caller names none. */
  type?: string;
  /** The mail or job the move queues, in its transaction (the job queue delivers it after the commit). */
  queue?: (m: EntityManager, row: Row, move: Move<S>, ctx: Ctx) => Promise<void>;
}

/** The keys of Row that hold a state of S (possibly null). */
export type StateField<Row, S extends string> = { [K in keyof Row]: Row[K] extends S | null ? K : never }[keyof Row] & string;

/**
 * A kind of thing that moves through states, declared once: its table (the entity), the column
 * holding the state, the allowed moves, the history row each move writes, and, per target state,
 * the mail or job the move queues. The declaration is the whole of a kind: a new one (pickup
 * orders, say) declares its states and moves and gets locking, checking and history for free.
 */
export interface StateMachineDeclaration<Row extends ObjectLiteral, S extends string, Ctx = undefined> {
  /** For logs and errors: 'order', 'fulfilment', 'booking' ... */
  kind: string;
  entity: EntityTarget<Row>;
  field: StateField<Row, S>;
  /** From each state, the states it may move to. A state with no moves is final. */
  moves: Readonly<Record<S, readonly S[]>>;
  /** A condition beyond the table (an order's fulfilment moves only once the order is paid). */
  allows?: (row: Row, to: S) => boolean;
  /** The domain error a refused move throws, with its stable code; nothing is written. */
  refused: (row: Row, to: S) => Error;
  /** The error when no row matches. */
  notFound: () => Error;
  /** The history row of a move, written in its transaction. */
  history: (row: Row, move: Move<S>) => HistoryRow;
  /** Per target state: the history type and what the move queues. */
  on?: { readonly [T in S]?: MoveEffects<Row, S, Ctx> };
  /** Runs inside the move, after the new state and fields are set on the row and before it is written. */
  beforeWrite?: (m: EntityManager, row: Row, move: Move<S>) => Promise<void>;
}

/**
 * The moves of one kind. `lock` and `step` work in the caller's transaction (several moves of one
 * row in a row, or a move with work of its own around it); StateMachineService.move opens the
 * transaction for a single move. A step checks the move (the declared error, nothing written),
 * writes the new state with the caller's other fields, inserts the history row and queues the
 * declared and the caller's mail or job, all through the one EntityManager: a failure anywhere
 * rolls every part of the move back together.
 */
export class StateMachine<Row extends ObjectLiteral, S extends string, Ctx = undefined> {
  constructor(readonly declaration: StateMachineDeclaration<Row, S, Ctx>) {}

  /** Whether the table allows the move (a missing state allows none). */
  can(from: S | null | undefined, to: S): boolean {
    return from !== null && from !== undefined && this.declaration.moves[from].includes(to);
  }

  /** The states the row may move to now (the table and the kind's own condition). */
  allowed(row: Row): S[] {
    const from = this.stateOf(row);
    return from === null ? [] : this.declaration.moves[from].filter((to) => this.allows(row, to));
  }

  /** Whether the row may move to `to`: the table and the kind's own condition. */
  allows(row: Row, to: S): boolean {
    return this.can(this.stateOf(row), to) && (this.declaration.allows?.(row, to) ?? true);
  }

  stateOf(row: Row): S | null {
    const state: S | null | undefined = row[this.declaration.field];
    return state ?? null;
  }

  /** The row, locked (SELECT ... FOR UPDATE) until the caller's transaction ends: moves of one row queue behind each other. */
  async lock(m: EntityManager, where: FindOptionsWhere<Row>): Promise<Row> {
    const found = await this.find(m, where);
    if (!found) throw this.declaration.notFound();
    return found;
  }

  /** As lock, but null when no row matches. */
  async find(m: EntityManager, where: FindOptionsWhere<Row>): Promise<Row | null> {
    const repository = m.getRepository(this.declaration.entity);
    const row = await repository.findOne({ where, lock: { mode: 'pessimistic_write' } });
    if (row) stored.set(row, columnValues(repository.metadata, row));
    return row;
  }

  /**
   * The row as the caller's own statement just wrote it (every column, as `RETURNING *` answers),
   * for a step with no read first and no transaction needed: the step is one statement, its update
   * made only while the row is still in the state it was written with, its history row and what its
   * effects queue (gathered, see database/gathered-inserts.ts) inserted only with it. The row's
   * other columns must be ones only a move changes (a kind's row in its first state: a pending
   * order), and its effects must write only through insertOrGather (the mail outbox does). When the
   * state has moved on meanwhile, the step writes nothing and throws RowMovedOn.
   */
  written(m: EntityManager, raw: ObjectLiteral): Row {
    const metadata = m.getRepository(this.declaration.entity).metadata;
    const driver = m.connection.driver;
    const row = metadata.create() as Row;
    for (const column of metadata.columns) column.setEntityValue(row, driver.prepareHydratedValue(raw[column.databaseName], column));
    stored.set(row, columnValues(metadata, row));
    unlocked.add(row);
    return row;
  }

  /**
   * One move of a row the caller locked, in the caller's transaction: checked (the declared error
   * otherwise, nothing written), then the new state and `set` written, the history row inserted and
   * the mail or job queued. The row object takes the new values.
   */
  async step(m: EntityManager, row: Row, to: S, request: MoveRequest<Row, S, Ctx>): Promise<Move<S>> {
    const d = this.declaration;
    if (!this.allows(row, to)) throw d.refused(row, to);
    const effects = d.on?.[to];
    const move: Move<S> = {
      from: this.stateOf(row),
      to,
      actor: request.actor,
      type: request.type ?? effects?.type ?? to,
      detail: request.detail ?? {},
      ...(request.source === undefined ? {} : { source: request.source }),
    };
    const metadata = m.getRepository(d.entity).metadata;
    Object.assign(row, request.set ?? {}, { [d.field]: to });
    await d.beforeWrite?.(m, row, move);
    // The columns that differ from the row as lock/find read it (every column of a row read
    // elsewhere), by the row's key: no read before the write (as save would make). The new state
    // and the history row go in one statement, and the row takes the columns the database sets
    // (its updated_at).
    const set = changedColumns(metadata, stored.get(row), row);
    const queue = async (manager: EntityManager) => {
      await effects?.queue?.(manager, row, move, request.ctx as Ctx);
      await request.queue?.(manager, row, move);
    };
    if (unlocked.has(row)) {
      // Held as written (see `written`): what the move queues is gathered first, then the move is one statement.
      const gathered = await gatheringInserts(m, queue);
      const from = { column: metadata.findColumnWithPropertyName(d.field)!.databaseName, state: move.from };
      if (!(await writeHeldMove(m, metadata, row, set, d.history(row, move), from, gathered))) throw new RowMovedOn(d.kind);
      unlocked.delete(row);
      stored.set(row, columnValues(metadata, row));
      return move;
    }
    await writeMove(m, metadata, row, set, d.history(row, move));
    stored.set(row, columnValues(metadata, row));
    await queue(m);
    return move;
  }
}

/**
 * The row's update and its history row as one statement (a data-modifying WITH): one round trip
 * for what is always written together. The update returns what the database sets (updated_at),
 * which the row takes, as TypeORM's own update would have.
 */
async function writeMove(m: EntityManager, metadata: EntityMetadata, row: ObjectLiteral, set: ObjectLiteral, history: HistoryRow): Promise<void> {
  const [updateSql, updateValues] = moveUpdate(m, metadata, row, set, null);
  const [insertSql, insertValues]: [string, unknown[]] = m.createQueryBuilder().insert().into(history.entity).values(history.values).getQueryAndParameters();
  // The insert's placeholders follow the update's.
  const shifted = insertSql.replace(/\$(\d+)/g, (_all, n: string) => `$${Number(n) + updateValues.length}`);
  const rows: ObjectLiteral[] = await m.query(`WITH moved AS (${updateSql}), logged AS (${shifted}) SELECT * FROM moved`, [...updateValues, ...insertValues]);
  takeWritten(m, metadata, row, rows[0]);
}

/**
 * A held row's move as one statement (a data-modifying WITH): the update, made only from the state
 * the row was written with, and, each only when the update is made, its history row and the rows
 * the move's effects gathered. False when the row was in another state (nothing written).
 */
async function writeHeldMove(
  m: EntityManager,
  metadata: EntityMetadata,
  row: ObjectLiteral,
  set: ObjectLiteral,
  history: HistoryRow,
  from: { column: string; state: string | null },
  gathered: readonly GatheredInsert[],
): Promise<boolean> {
  const [updateSql, updateValues] = moveUpdate(m, metadata, row, set, from);
  const inserts = [{ entity: history.entity, rows: [history.values], written: () => undefined }, ...gathered];
  const parts: string[] = [`moved AS (${updateSql})`];
  const values: unknown[] = [...updateValues];
  inserts.forEach((insert, i) => {
    const [sql, rows] = insertWhere(m, m.getRepository(insert.entity).metadata, insert.rows, 'EXISTS (SELECT 1 FROM moved)', values.length + 1);
    parts.push(`i${i} AS (${sql})`);
    values.push(rows);
  });
  const ids = inserts.map((_insert, i) => `(SELECT json_agg(id) FROM i${i}) AS i${i}`).join(', ');
  const rows: ObjectLiteral[] = await m.query(`WITH ${parts.join(', ')} SELECT moved.*, ${ids} FROM moved`, values);
  const written = rows[0];
  if (!written) return false;
  takeWritten(m, metadata, row, written);
  inserts.forEach((insert, i) => insert.written(((written[`i${i}`] as unknown[] | null) ?? []).map(Number)));
  return true;
}

/** The update of a move by the row's key (and, for a held row, its written state), returning what the database sets. */
function moveUpdate(
  m: EntityManager,
  metadata: EntityMetadata,
  row: ObjectLiteral,
  set: ObjectLiteral,
  from: { column: string; state: string | null } | null,
): [string, unknown[]] {
  const keys = metadata.primaryColumns.map((column) => column.databaseName);
  const update = m.createQueryBuilder().update(metadata.target).set(set).whereEntity(row);
  if (from) update.andWhere(`${m.connection.driver.escape(from.column)} = :movedFrom`, { movedFrom: from.state });
  update.returning([...keys, ...databaseSet(metadata).map((column) => column.databaseName)]);
  return update.getQueryAndParameters();
}

/** The columns the database sets on an update (updated_at, a version). */
const databaseSet = (metadata: EntityMetadata) => metadata.columns.filter((column) => column.isUpdateDate || column.isVersion);

/** The row takes what the database set, as TypeORM's own update would have. */
function takeWritten(m: EntityManager, metadata: EntityMetadata, row: ObjectLiteral, written: ObjectLiteral | undefined): void {
  if (!written) return;
  const driver = m.connection.driver;
  for (const column of databaseSet(metadata)) column.setEntityValue(row, driver.prepareHydratedValue(written[column.databaseName], column));
}

/**
 * A step on a row held as written (StateMachine.written) found it in another state: another move
 * came first, and the step wrote nothing. The caller takes the locked way (`find`, then `step`).
 */
export class RowMovedOn extends Error {
  constructor(kind: string) {
    super(`The ${kind} moved on before this step`);
    this.name = 'RowMovedOn';
  }
}

/** Declares a kind (see StateMachineDeclaration). */
export function defineStateMachine<Row extends ObjectLiteral, S extends string, Ctx = undefined>(
  declaration: StateMachineDeclaration<Row, S, Ctx>,
): StateMachine<Row, S, Ctx> {
  return new StateMachine(declaration);
}

/** Rows as lock/find read them (or as the last step wrote them): what a step compares with. */
const stored = new WeakMap<ObjectLiteral, unknown[]>();
/** Rows held as written, not locked: their next step checks their state in its update. */
const unlocked = new WeakSet<ObjectLiteral>();

/** Each column's value in a form that compares by content (dates by time, JSON by its text). */
function columnValues(metadata: EntityMetadata, row: ObjectLiteral): unknown[] {
  return metadata.columns.map((column) => comparable(column.getEntityValue(row)));
}

function comparable(value: unknown): unknown {
  if (value instanceof Date) return `date:${value.getTime()}`;
  return value !== null && typeof value === 'object' ? `json:${JSON.stringify(value)}` : value;
}

/**
 * The columns whose value differs from `before` (all of them without it), as an update's set
 * (embedded columns nested in their group). Keys and columns the database fills are left out.
 */
function changedColumns(metadata: EntityMetadata, before: unknown[] | undefined, row: ObjectLiteral): ObjectLiteral {
  const set: ObjectLiteral = {};
  metadata.columns.forEach((column, i) => {
    if (column.isPrimary || column.isGenerated || column.isCreateDate || column.isUpdateDate || column.isVirtual) return;
    const value: unknown = column.getEntityValue(row);
    if (value === undefined || (before && comparable(value) === before[i])) return;
    let target = set;
    for (const embedded of column.embeddedMetadata?.parentPropertyNames ?? []) target = (target[embedded] ??= {}) as ObjectLiteral;
    target[column.propertyName] = value;
  });
  return set;
}
