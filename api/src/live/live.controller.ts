import type { LiveState } from '@cocoa/shared-types';
import { Controller, Get, Header, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { LiveStreamService } from './live-stream.service';
import { LiveService } from './live.service';

/** The live tracker for everyone: the cart now, and its changes as they happen. */
@Controller('live')
export class LiveController {
  constructor(
    private readonly live: LiveService,
    private readonly streams: LiveStreamService,
  ) {}

  /** Read on every request (never from the public answer cache): it must be current. */
  @Get()
  @Header('Cache-Control', 'no-store')
  current(): Promise<LiveState> {
    return this.live.current();
  }

  /** Server-Sent Events (LiveStreamService); the stream is written to the response as it goes. */
  @Get('stream')
  stream(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.streams.open(req, res);
  }
}
