import type { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';

/** Rows gathered to be inserted by a later statement of the gatherer's, not by their own. */
export interface GatheredInsert {
  entity: EntityTarget<ObjectLiteral>;
  rows: ObjectLiteral[];
  /** Told the ids of the inserted rows once the gatherer's statement has written them. */
  written: (ids: number[]) => void;
}

const gatherers = new WeakMap<EntityManager, GatheredInsert[]>();

/**
 * Runs `work` with a manager of its own (the caller's connection and transaction, if any) whose
 * inserts made through `insertOrGather` are gathered instead of sent: the caller writes them
 * with its own statement (a state move writes its row, its history row and the mails the move
 * queues as one statement, so no transaction is needed around them).
 */
export async function gatheringInserts(m: EntityManager, work: (gathering: EntityManager) => Promise<void>): Promise<GatheredInsert[]> {
  const own = m.connection.createEntityManager(m.queryRunner);
  const gathered: GatheredInsert[] = [];
  gatherers.set(own, gathered);
  try {
    await work(own);
  } finally {
    gatherers.delete(own);
  }
  return gathered;
}

/**
 * Inserts the rows now and answers their ids (`written` told them too), or, given a manager of
 * `gatheringInserts`, gathers them for the gatherer's statement and answers null.
 */
export async function insertOrGather(
  m: EntityManager,
  entity: EntityTarget<ObjectLiteral>,
  rows: ObjectLiteral[],
  written: (ids: number[]) => void,
): Promise<number[] | null> {
  const gathered = gatherers.get(m);
  if (gathered) {
    gathered.push({ entity, rows, written });
    return null;
  }
  const inserted = await m.getRepository(entity).insert(rows);
  const ids = inserted.identifiers.map((identifier) => Number(identifier.id));
  written(ids);
  return ids;
}

/**
 * An insert of `rows` (entity property values, as `insert` takes them) made only when the
 * statement's `condition` holds, for a data-modifying WITH: the rows travel as one JSON parameter
 * read back as typed columns (jsonb_to_recordset), so the insert can be a SELECT with a WHERE.
 * Columns none of the rows sets take their defaults. Answers the SQL (returning the primary key
 * as `id`) and its one parameter.
 */
export function insertWhere(m: EntityManager, metadata: EntityMetadata, rows: ObjectLiteral[], condition: string, parameter: number): [string, string] {
  const driver = m.connection.driver;
  const columns = metadata.columns.filter((column) => !column.isVirtual && rows.some((row) => column.getEntityValue(row) !== undefined));
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const column of columns) {
      const value: unknown = column.getEntityValue(row);
      if (value === undefined) continue;
      // JSON columns go as the JSON they are; every other value as the driver writes it.
      record[column.databaseName] = column.type === 'jsonb' || column.type === 'json' ? value : driver.preparePersistentValue(value, column);
    }
    return record;
  });
  const names = columns.map((column) => driver.escape(column.databaseName));
  const types = columns.map((column) => `${driver.escape(column.databaseName)} ${driver.normalizeType(column)}${column.isArray ? '[]' : ''}`);
  const table = metadata.tablePath
    .split('.')
    .map((part) => driver.escape(part))
    .join('.');
  const key = metadata.primaryColumns[0];
  const sql =
    `INSERT INTO ${table} (${names.join(', ')}) ` +
    `SELECT ${names.map((name) => `r.${name}`).join(', ')} FROM jsonb_to_recordset($${parameter}::jsonb) AS r(${types.join(', ')}) ` +
    `WHERE ${condition} RETURNING ${driver.escape(key.databaseName)} AS id`;
  return [sql, JSON.stringify(records)];
}
