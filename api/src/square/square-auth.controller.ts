import type { CatalogSyncResult, SquareAuthStatus } from '@cocoa/shared-types';
import { squareOAuthCallbackQuerySchema } from '@cocoa/shared-types';
import { Controller, Get, Inject, Query, Redirect } from '@nestjs/common';
import { StepUp } from '../common/step-up.guard';
import { AdminGet, AdminPost } from '../common/auth.guards';
import { createZodDto } from '../common/zod-validation.pipe';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { SquareAuthService } from './square-auth.service';
import { SquareCatalogSyncService } from './square-catalog-sync.service';

class OAuthCallbackQueryDto extends createZodDto(squareOAuthCallbackQuerySchema) {}

@Controller('square')
export class SquareAuthController {
  constructor(
    private readonly auth: SquareAuthService,
    private readonly sync: SquareCatalogSyncService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @AdminGet('auth/status')
  status(): Promise<SquareAuthStatus> {
    return this.auth.status();
  }

  /** 400 SQUARE_CONFIGURATION_REQUIRED 'Please save your Square Application ID first.' without an id. Connecting asks for a fresh check. */
  @StepUp()
  @AdminGet('auth/url')
  authUrl(): Promise<{ authUrl: string }> {
    return this.auth.authUrl();
  }

  /** Public (Square redirects the browser here) but only a state we issued is accepted. */
  @Get('auth/callback')
  @Redirect()
  async callback(@Query() query: OAuthCallbackQueryDto): Promise<{ url: string; statusCode: number }> {
    const outcome = await this.auth.handleCallback(query);
    return { url: `${this.config.publicUrl}/admin?square=${outcome}`, statusCode: 302 };
  }

  @StepUp()
  @AdminPost('auth/disconnect')
  disconnect(): Promise<SquareAuthStatus> {
    return this.auth.disconnect();
  }

  @AdminPost('catalog/sync')
  syncCatalog(): Promise<CatalogSyncResult> {
    return this.sync.sync();
  }
}
