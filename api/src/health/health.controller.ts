import { Controller, Get } from '@nestjs/common';
import { HealthService } from './health.service';

@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** The process is up (Docker HEALTHCHECK, load balancers). */
  @Get('health')
  health_(): { status: 'ok'; uptime: number } {
    return { status: 'ok', uptime: Math.round(process.uptime()) };
  }

  /** The database answers; 503 otherwise. */
  @Get('ready')
  ready(): Promise<{ status: 'ready' }> {
    return this.health.checkDatabase();
  }
}
