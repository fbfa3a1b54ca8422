import type { CatalogSyncResult, SquareAuthStatus } from '@cocoa/shared-types';
import { squareOAuthCallbackQuerySchema } from '@cocoa/shared-types';
import { Controller, Get, Inject, Post, Query, Redirect } from '@nestjs/common';
import { StepUp } from '../common/step-up.guard';
import { AdminAction, AdminRead } from '../common/auth.guards';
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

  @Get('auth/status')
  @AdminRead()
  status(): Promise<SquareAuthStatus> {
    return this.auth.status();
  }

  /** 400 SQUARE_CONFIGURATION_REQUIRED 'Please save your Square Application ID first.' without an id. Connecting asks for a fresh check. */
  @Get('auth/url')
  @StepUp()
  @AdminRead()
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

  @Post('auth/disconnect')
  @StepUp()
  @AdminAction()
  disconnect(): Promise<SquareAuthStatus> {
    return this.auth.disconnect();
  }

  @Post('catalog/sync')
  @AdminAction()
  syncCatalog(): Promise<CatalogSyncResult> {
    return this.sync.sync();
  }
}
