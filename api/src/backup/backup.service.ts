import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { BACKUP_FILENAME_PATTERN, type BackupInfo, type BackupKind, backupKindOf, type RestoreResult } from '@cocoa/shared-types';
import { Inject, Injectable, StreamableFile } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type QueryRunner } from 'typeorm';
import { z } from 'zod';
import { keepOnlyUsersSessions } from '../auth/session-store.service';
import { NotFoundError, UserInputError } from '../common/domain-errors';
import { log } from '../common/logger';
import { newestFiles } from '../common/newest-files';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { BACKUP_FORMAT, BACKUP_TABLES, BACKUP_VERSION, EXCLUDED_TABLES, INSTALLATION_SETTINGS } from './backup.tables';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
/** Restores unpack at most this much JSON (a gzip bomb stops here). */
const MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;
/** An uploaded backup is checked in the request: it may unpack to at most this much. */
const MAX_UPLOAD_UNPACKED_BYTES = 200 * 1024 * 1024;
const INSERT_CHUNK = 500;
const BACKUP_LIST_MAX = 500;
/** Serialises restores across replicas (pg_advisory_xact_lock key). */
const RESTORE_LOCK = 7_201_001;

const backupFileSchema = z.object({
  format: z.literal(BACKUP_FORMAT, { message: 'This is not a backup of this shop' }),
  version: z.number({ message: 'The backup has no format version' }).int(),
  createdAt: z.string(),
  migrations: z.array(z.string()),
  tables: z.record(
    z.string(),
    z.object({
      columns: z.array(z.string()),
      rows: z.array(z.record(z.string(), z.unknown()), { message: 'rows must be a list of objects' }),
    }),
  ),
});
export type BackupFile = z.infer<typeof backupFileSchema>;

interface TableInfo {
  name: string;
  columns: string[];
  primaryKey: string[];
  /** Columns fed by a sequence (serial ids), reset after a restore. */
  sequences: Array<{ column: string; sequence: string }>;
}

/**
 * Database backups: a consistent snapshot (ONE repeatable-read transaction) of every domain table
 * as gzip JSON with a format version and the migration names; restore validates the whole file,
 * takes a safety backup, then replaces all domain rows in ONE transaction. Images are not included.
 * A downloaded backup can be uploaded back: it is validated exactly as a restore validates it
 * (gzip, JSON, format, version, migrations, tables and columns), stored under a generated name
 * (uploaded-backup-…; the uploaded file's name is never used) and listed; restoring it is then the
 * owner's separate, confirmed step. The list says each backup's kind from its name's prefix.
 */
@Injectable()
export class BackupService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(kind: Exclude<BackupKind, 'uploaded'> = 'manual'): Promise<{ filename: string }> {
    const snapshot = await this.snapshot();
    const filename = newBackupName(new Date(), kind);
    const packed = await gzipAsync(Buffer.from(JSON.stringify(snapshot)));
    await this.store(filename, packed);
    log('info', 'backup created', { filename, kind, bytes: packed.length, tables: Object.keys(snapshot.tables).length });
    return { filename };
  }

  /** An uploaded backup file: validated like every restore, then stored under a generated name and listed. */
  async upload(file: { buffer: Buffer; size: number } | undefined): Promise<{ filename: string }> {
    if (!file || file.size === 0) throw new UserInputError('Choose a backup file (.json.gz) to upload', 'BACKUP_FILE_REQUIRED');
    await this.validate(file.buffer, await this.tables(), MAX_UPLOAD_UNPACKED_BYTES);
    const filename = newBackupName(new Date(), 'uploaded');
    await this.store(filename, file.buffer);
    log('info', 'backup uploaded', { filename, bytes: file.size });
    return { filename };
  }

  async list(): Promise<{ backups: BackupInfo[] }> {
    const names = (await readdir(this.config.backupsDir).catch(() => [] as string[])).filter((n) => BACKUP_FILENAME_PATTERN.test(n));
    const backups = await newestFiles(this.config.backupsDir, names, BACKUP_LIST_MAX, 'z-a', (filename, info) => ({
      filename,
      created: info.mtime.toISOString(),
      size: info.size,
      kind: backupKindOf(filename),
    }));
    return { backups };
  }

  async download(filename: string): Promise<StreamableFile> {
    const path = this.existingPath(filename);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) throw new NotFoundError('Backup not found', 'BACKUP_NOT_FOUND');
    return new StreamableFile(createReadStream(path), { type: 'application/gzip', disposition: `attachment; filename="${filename}"`, length: info.size });
  }

  /** Validates the whole file, takes a safety backup, then replaces all domain data in one transaction. */
  async restore(filename: string): Promise<RestoreResult> {
    const path = this.existingPath(filename);
    const packed = await readFile(path).catch(() => {
      throw new NotFoundError('Backup not found', 'BACKUP_NOT_FOUND');
    });
    const tables = await this.tables();
    const backup = await this.validate(packed, tables);
    const { filename: safetyBackup } = await this.create('safety');
    await this.replaceAll(backup, tables);
    log('info', 'backup restored', { filename, safetyBackup });
    return { message: `Database restored from ${filename}`, safetyBackup };
  }

  /** The rows of every backed-up table, as restore would write them (tests compare these). */
  async snapshot(): Promise<BackupFile> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction('REPEATABLE READ');
      await runner.query('SET TRANSACTION READ ONLY');
      const tables = await this.tables(runner);
      const migrations = await this.migrationNames(runner);
      const out: BackupFile['tables'] = {};
      for (const table of tables) {
        const order = (table.primaryKey.length ? table.primaryKey : table.columns).map(quote).join(', ');
        let rows = (await runner.manager.query<Array<{ row: string }>>(`SELECT to_jsonb(t)::text AS row FROM ${quote(table.name)} t ORDER BY ${order}`)).map(
          (r) => JSON.parse(r.row) as Record<string, unknown>,
        );
        if (table.name === 'settings') rows = rows.filter((r) => !(INSTALLATION_SETTINGS as readonly string[]).includes(String(r.key)));
        out[table.name] = { columns: table.columns, rows };
      }
      await runner.commitTransaction();
      return { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), migrations, tables: out };
    } catch (err) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw err;
    } finally {
      await runner.release();
    }
  }

  /** A name matching the strict pattern, resolved inside backupsDir (nothing else can be named). */
  private existingPath(filename: string): string {
    if (!BACKUP_FILENAME_PATTERN.test(filename)) throw new UserInputError('Invalid backup file name', 'INVALID_BACKUP_NAME');
    return this.pathOf(filename);
  }

  private pathOf(filename: string): string {
    return join(this.config.backupsDir, filename);
  }

  /** Written beside its final name, then renamed: a half-written file is never listed. */
  private async store(filename: string, packed: Buffer): Promise<void> {
    const temp = join(this.config.backupsDir, `.${filename}.tmp`);
    try {
      await writeFile(temp, packed, { mode: 0o600 });
      await rename(temp, this.pathOf(filename));
    } finally {
      await rm(temp, { force: true });
    }
  }

  private async validate(packed: Buffer, tables: TableInfo[], maxUnpacked = MAX_UNPACKED_BYTES): Promise<BackupFile> {
    let text: string;
    try {
      text = (await gunzipAsync(packed, { maxOutputLength: maxUnpacked })).toString('utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new UserInputError(`The backup file unpacks to more than ${maxUnpacked / 1024 / 1024} MB`, 'BACKUP_TOO_LARGE');
      }
      throw new UserInputError('The backup file is damaged (not a valid gzip file)', 'BACKUP_INVALID');
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new UserInputError('The backup file is damaged (not valid JSON)', 'BACKUP_INVALID');
    }
    const parsed = backupFileSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UserInputError(`The backup file is not valid: ${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`, 'BACKUP_INVALID');
    }
    const backup = parsed.data;
    if (backup.version !== BACKUP_VERSION)
      throw new UserInputError(`This backup has format version ${backup.version}; this shop reads version ${BACKUP_VERSION}`, 'BACKUP_VERSION');
    const known = new Set(await this.migrationNames());
    const newer = backup.migrations.filter((m) => !known.has(m));
    if (newer.length > 0) throw new UserInputError('This backup comes from a newer version of the shop; update the shop first', 'BACKUP_NEWER');
    const byName = new Map(tables.map((t) => [t.name, t]));
    for (const [name, table] of Object.entries(backup.tables)) {
      const current = byName.get(name);
      if (!current) throw new UserInputError(`The backup holds an unknown table "${name}"`, 'BACKUP_INVALID');
      const columns = new Set(current.columns);
      const unknownColumn = table.columns.find((c) => !columns.has(c));
      if (unknownColumn) throw new UserInputError(`The backup's table "${name}" has an unknown column "${unknownColumn}"`, 'BACKUP_INVALID');
      const declared = new Set(table.columns);
      table.rows.forEach((row, index) => {
        const extra = Object.keys(row).find((k) => !declared.has(k));
        if (extra) throw new UserInputError(`The backup's table "${name}" row ${index + 1} has an unknown column "${extra}"`, 'BACKUP_INVALID');
      });
    }
    return backup;
  }

  private async replaceAll(backup: BackupFile, tables: TableInfo[]): Promise<void> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.query('SELECT pg_advisory_xact_lock($1)', [RESTORE_LOCK]);
      const oldUsers = await this.usernames(runner);
      for (const table of [...tables].reverse()) {
        if (table.name === 'settings') await runner.query(`DELETE FROM settings WHERE NOT (key = ANY($1::text[]))`, [[...INSTALLATION_SETTINGS]]);
        else await runner.query(`DELETE FROM ${quote(table.name)}`);
      }
      for (const table of tables) {
        const saved = backup.tables[table.name];
        if (!saved || saved.rows.length === 0) continue;
        let rows = saved.rows;
        if (table.name === 'settings') rows = rows.filter((r) => !(INSTALLATION_SETTINGS as readonly string[]).includes(String(r.key)));
        const columns = saved.columns.map(quote).join(', ');
        for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
          await runner.query(
            `INSERT INTO ${quote(table.name)} (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::${quote(table.name)}, $1::jsonb)`,
            [JSON.stringify(rows.slice(at, at + INSERT_CHUNK))],
          );
        }
      }
      for (const table of tables) {
        for (const { column, sequence } of table.sequences) {
          await runner.query(`SELECT setval($1::regclass, COALESCE((SELECT max(${quote(column)}) FROM ${quote(table.name)}), 0) + 1, false)`, [sequence]);
        }
      }
      await this.dropMismatchedSessions(runner, oldUsers);
      await runner.commitTransaction();
    } catch (err) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      if (err instanceof Error && 'driverError' in err) {
        log('warn', 'restore refused by the database', { error: err.message });
        throw new UserInputError(`The backup could not be restored: ${err.message}`, 'BACKUP_INVALID');
      }
      throw err;
    } finally {
      await runner.release();
    }
  }

  /**
   * Sessions are kept (people stay signed in) only where the session's user id still belongs to the
   * same user name after the restore; any other signed-in session is ended, so no one can wake up
   * as somebody else.
   */
  private async dropMismatchedSessions(runner: QueryRunner, oldUsers: Map<number, string>): Promise<void> {
    const restored = await this.usernames(runner);
    const same = [...restored].filter(([id, username]) => oldUsers.get(id) === username).map(([id]) => id);
    await keepOnlyUsersSessions(runner.manager, same);
  }

  /** Every user id with its lower-cased user name, as the restore's transaction sees them. */
  private async usernames(runner: QueryRunner): Promise<Map<number, string>> {
    const rows = await runner.manager.query<Array<{ id: number; username: string }>>('SELECT id, lower(username) AS username FROM users');
    return new Map(rows.map((u) => [Number(u.id), u.username]));
  }

  private async migrationNames(runner?: QueryRunner): Promise<string[]> {
    const rows = await (runner?.manager ?? this.dataSource.manager).query<Array<{ name: string }>>('SELECT name FROM migrations ORDER BY id');
    return rows.map((r) => r.name);
  }

  /** Every table to back up, each after the tables it references (declared order breaks ties). */
  private async tables(runner?: QueryRunner): Promise<TableInfo[]> {
    const q = <T>(sql: string) => (runner?.manager ?? this.dataSource.manager).query<T[]>(sql);
    const excluded = new Set<string>(EXCLUDED_TABLES);
    const names = (
      await q<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`)
    )
      .map((r) => r.name)
      .filter((n) => !excluded.has(n));
    const columns = await q<{ table: string; column: string; seq: string | null }>(
      `SELECT table_name AS table, column_name AS column, pg_get_serial_sequence(quote_ident(table_name), column_name) AS seq
         FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
    );
    const keys = await q<{ table: string; column: string }>(
      `SELECT c.relname AS table, a.attname AS column
         FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, pos) ON true
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
        WHERE i.indisprimary AND n.nspname = current_schema() ORDER BY c.relname, k.pos`,
    );
    const refs = await q<{ table: string; references: string }>(
      `SELECT c.relname AS table, r.relname AS references
         FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE k.contype = 'f' AND n.nspname = current_schema()`,
    );
    const declared = BACKUP_TABLES as readonly string[];
    const unknown = names.filter((n) => !declared.includes(n));
    if (unknown.length > 0) log('warn', 'tables not declared in backup.tables.ts are backed up too', { tables: unknown });
    const rank = (n: string) => (declared.includes(n) ? declared.indexOf(n) : declared.length);
    const pending = [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    const ordered: string[] = [];
    while (pending.length > 0) {
      const index = pending.findIndex((n) => refs.every((r) => r.table !== n || r.references === n || !pending.includes(r.references)));
      ordered.push(...pending.splice(index === -1 ? 0 : index, 1));
    }
    return ordered.map((name) => ({
      name,
      columns: columns.filter((c) => c.table === name).map((c) => c.column),
      primaryKey: keys.filter((k) => k.table === name).map((k) => k.column),
      sequences: columns.filter((c) => c.table === name && c.seq).map((c) => ({ column: c.column, sequence: c.seq! })),
    }));
  }
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

/** [safety-|uploaded-]backup-YYYYMMDD-HHMMSS-<6 hex>.json.gz in UTC (BACKUP_FILENAME_PATTERN). */
export function newBackupName(now = new Date(), kind: BackupKind = 'manual'): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${kind === 'manual' ? '' : `${kind}-`}backup-${stamp}-${randomBytes(3).toString('hex')}.json.gz`;
}
