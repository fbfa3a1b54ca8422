import {
  idParamSchema,
  type InboxCounts,
  inboxKindSchema,
  type InboxListItem,
  inboxListQuerySchema,
  type InboxMessage,
  type InboxPage,
  inboxReplySchema,
} from '@cocoa/shared-types';
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import { AdminOnly, CurrentUser } from '../common/auth.guards';
import type { SessionUser } from '../common/session-user';
import { createZodDto } from '../common/zod-validation.pipe';
import { InboxService } from './inbox.service';

class InboxListQueryDto extends createZodDto(inboxListQuerySchema) {}
class InboxMessageParamsDto extends createZodDto(z.object({ kind: inboxKindSchema, id: idParamSchema })) {}
class InboxReplyDto extends createZodDto(inboxReplySchema) {}

/** The owner's inbox: contact messages and event inquiries (see InboxService). */
@Controller('admin/inbox')
@AdminOnly()
export class InboxController {
  constructor(private readonly inbox: InboxService) {}

  @Get()
  list(@Query() query: InboxListQueryDto): Promise<InboxPage> {
    return this.inbox.list(query);
  }

  @Get('counts')
  counts(): Promise<InboxCounts> {
    return this.inbox.counts();
  }

  @Get(':kind/:id')
  message(@Param() params: InboxMessageParamsDto): Promise<InboxMessage> {
    return this.inbox.message(params.kind, params.id);
  }

  @Post(':kind/:id/read')
  @HttpCode(200)
  read(@Param() params: InboxMessageParamsDto): Promise<InboxListItem> {
    return this.inbox.mark(params.kind, params.id, { read: true });
  }

  @Post(':kind/:id/unread')
  @HttpCode(200)
  unread(@Param() params: InboxMessageParamsDto): Promise<InboxListItem> {
    return this.inbox.mark(params.kind, params.id, { read: false });
  }

  @Post(':kind/:id/archive')
  @HttpCode(200)
  archive(@Param() params: InboxMessageParamsDto): Promise<InboxListItem> {
    return this.inbox.mark(params.kind, params.id, { archived: true });
  }

  @Post(':kind/:id/unarchive')
  @HttpCode(200)
  unarchive(@Param() params: InboxMessageParamsDto): Promise<InboxListItem> {
    return this.inbox.mark(params.kind, params.id, { archived: false });
  }

  /** 201 with the message and its thread, the new reply last. */
  @Post(':kind/:id/reply')
  reply(@Param() params: InboxMessageParamsDto, @Body() body: InboxReplyDto, @CurrentUser() user: SessionUser): Promise<InboxMessage> {
    return this.inbox.reply(params.kind, params.id, body.body, user.username);
  }
}
