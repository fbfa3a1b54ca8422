import { Injectable } from '@nestjs/common';
import { UnavailableError } from '../common/domain-errors';
import { DatabaseOutage } from './database-outage';

@Injectable()
export class HealthService {
  constructor(private readonly outage: DatabaseOutage) {}

  /** Ready when the database answers within two seconds; the outage is logged once, not per probe. */
  async checkDatabase(): Promise<{ status: 'ready' }> {
    if (await this.outage.ping()) return { status: 'ready' };
    throw new UnavailableError('Database is not reachable', 'DATABASE_UNAVAILABLE');
  }
}
