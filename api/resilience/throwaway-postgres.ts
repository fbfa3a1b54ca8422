import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './shop-process';

const POSTGRES_LIBS = '/usr/lib/postgresql';

/** A PostgreSQL cluster owned by one test, which it may stop and start at will. */
export interface ThrowawayPostgres {
  url: string;
  start(): void;
  /** `immediate`: the server dies without closing its clients, as a crash or a pulled cable. */
  stop(mode?: 'fast' | 'immediate'): void;
  remove(): void;
}

/**
 * initdb + pg_ctl from Debian's postgresql package, in a temp folder, on a free loopback port
 * with its socket in that folder. initdb refuses to run as root, so as root every command runs
 * as the postgres system user (`runuser`), who owns the folder.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'cocoa-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
    try {
      execFileSync(command, argv, { stdio: 'pipe', timeout: 60_000 });
    } catch (err) {
      const e = err as { stderr?: Buffer; stdout?: Buffer; message: string };
      throw new Error(`${tool} ${args.join(' ')} failed: ${e.stderr?.toString() || e.stdout?.toString() || e.message}`);
    }
  };
  const data = join(dir, 'data');
  const port = await freePort();
  let running = false;
  const cluster: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      run('pg_ctl', [
        'start',
        '-D',
        data,
        '-w',
        '-t',
        '60',
        '-l',
        join(dir, 'server.log'),
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      ]);
      running = true;
    },
    stop(mode = 'fast') {
      run('pg_ctl', ['stop', '-D', data, '-w', '-t', '60', '-m', mode]);
      running = false;
    },
    remove() {
      if (running) cluster.stop('immediate');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const stopQuietly = () => {
    try {
      cluster.stop('immediate');
    } catch {
      // not running
    }
  };
  // A test process that dies without its afterAll must not leave a server behind.
  process.once('exit', () => running && stopQuietly());
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync', '--no-instructions']);
    cluster.start();
  } catch (err) {
    stopQuietly();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return cluster;
}

function postgresBin(): string {
  const versions = existsSync(POSTGRES_LIBS)
    ? readdirSync(POSTGRES_LIBS)
        .filter((v) => existsSync(join(POSTGRES_LIBS, v, 'bin', 'pg_ctl')) && existsSync(join(POSTGRES_LIBS, v, 'bin', 'initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  if (versions.length === 0) {
    throw new Error(
      `The PostgreSQL server programs (initdb, pg_ctl under ${POSTGRES_LIBS}/<version>/bin) are not installed; the database-outage test starts its own cluster. Install them with: apt-get install postgresql`,
    );
  }
  return join(POSTGRES_LIBS, versions[versions.length - 1], 'bin');
}
