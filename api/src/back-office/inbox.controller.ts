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
import { Body, Controller, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import { AdminCreate, AdminGet, AdminPost, CurrentUser } from '../common/auth.guards';
import type { SessionUser } from '../common/session-user';
import { createZodDto } from '../common/zod-validation.pipe';
import { InboxService } from './inbox.service';

class InboxListQueryDto extends createZodDto(inboxListQuerySchema) {}
class InboxMessageParamsDto extends createZodDto(z.object({ kind: inboxKindSchema, id: idParamSchema })) {}
class InboxReplyDto extends createZodDto(inboxReplySchema) {}

/** The owner's inbox: contact messages and event inquiries (see InboxService). */
@Controller('admin/inbox')
export class InboxController {
  constructor(private readonly inbox: InboxService) {}

  @AdminGet()
  list(@Query() query: InboxListQueryDto): Promise<InboxPage> {
    return this.inbox.list(query);
  }

  @AdminGet('counts')
  counts(): Promise<InboxCounts> {
    return this.inbox.counts();
  }

  @AdminGet(':kind/:id')
  message(@Param() params: InboxMessageParamsDto): Promise<InboxMessage> {
    return this.inbox.message(params.kind, params.id);
  }

  @AdminPost(':kind/:id/read')
  read(@Param() params: InboxMessageParamsDto): Promise<InboxListItem> {
    return this.inbox.mark(params.kind, params.id, { read: true });
  }

  @AdminPost(':kind/:id/unread')
  unread(@Param() params: InboxMessageParamsDto): Promise<InboxListItem> {
    return this.inbox.mark(params.kind, params.id, { read: false });
  }

  @AdminPost(':kind/:id/archive')
  archive(@Param() params: InboxMessageParamsDto): Promise<InboxListItem> {
    return this.inbox.mark(params.kind, params.id, { archived: true });
  }

  @AdminPost(':kind/:id/unarchive')
  unarchive(@Param() params: InboxMessageParamsDto): Promise<InboxListItem> {
    return this.inbox.mark(params.kind, params.id, { archived: false });
  }

  /** 201 with the message and its thread, the new reply last. */
  @AdminCreate(':kind/:id/reply')
  reply(@Param() params: InboxMessageParamsDto, @Body() body: InboxReplyDto, @CurrentUser() user: SessionUser): Promise<InboxMessage> {
    return this.inbox.reply(params.kind, params.id, body.body, user.username);
  }
}
