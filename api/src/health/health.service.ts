import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UnavailableError } from '../common/domain-errors';

const READY_TIMEOUT_MS = 2000;

@Injectable()
export class HealthService {
  constructor(private readonly dataSource: DataSource) {}

  async checkDatabase(): Promise<{ status: 'ready' }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.dataSource.query('SELECT 1'), timeout]);
      return { status: 'ready' };
    } catch {
      throw new UnavailableError('Database is not reachable', 'DATABASE_UNAVAILABLE');
    } finally {
      clearTimeout(timer);
    }
  }
}
