import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createTransport, type Transporter } from 'nodemailer';
import type { Repository } from 'typeorm';
import { log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { MailOutboxEntry } from './mail-outbox.entity';

export interface MailAddress {
  name: string;
  address: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: MailAddress;
}

export type MailDelivery = 'smtp' | 'outbox';

/** A message kept in the outbox, as the admin reads it. */
export interface OutboxMessage {
  id: number;
  createdAt: string;
  to: string;
  subject: string;
  text: string;
}

const OUTBOX_PAGE = 100;

const SUBJECT_MAX = 300;

/**
 * Sends plain-text mail. With SMTP_URL it goes through nodemailer's SMTP transport; without it,
 * or when the SMTP server refuses it, the message is kept in the `mail_outbox` table, so nothing is
 * lost and password reset works on a fresh machine: the admin reads kept messages at
 * GET /api/mail/outbox (ARCHITECTURE.md, Mail). The log names recipient and subject only, never a
 * body: a reset link in a log would let whoever reads the log into the account.
 */
@Injectable()
export class MailService implements OnApplicationShutdown {
  private readonly transport: Transporter | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(MailOutboxEntry) private readonly outbox: Repository<MailOutboxEntry>,
  ) {
    // Timeouts keep a request from waiting long on a slow mail server; the URL's own settings win.
    this.transport = config.SMTP_URL
      ? createTransport({ url: config.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }, { from: config.MAIL_FROM })
      : undefined;
  }

  /** Delivers the message or keeps it in the outbox; never throws for a mail-server failure. */
  async send(message: MailMessage): Promise<MailDelivery> {
    const subject = oneLine(message.subject).slice(0, SUBJECT_MAX);
    if (this.transport) {
      try {
        await this.transport.sendMail({ to: message.to, subject, text: message.text, replyTo: message.replyTo });
        log('info', 'mail sent', { to: message.to, subject });
        return 'smtp';
      } catch (err) {
        log('error', 'mail server refused the message; kept in the outbox', { to: message.to, subject, error: err instanceof Error ? err.message : String(err) });
      }
    }
    const entry = await this.outbox.save(this.outbox.create({ recipient: message.to, subject, bodyText: message.text }));
    // Recipient and subject at most: a body can hold a reset link, which signs its reader in.
    if (!this.transport) log('info', 'mail kept in the outbox (no SMTP_URL set)', { outboxId: entry.id, to: message.to, subject });
    return 'outbox';
  }

  /** The newest kept messages, bodies included, for the admin (GET /api/mail/outbox). */
  async kept(): Promise<OutboxMessage[]> {
    const rows = await this.outbox.find({ order: { id: 'DESC' }, take: OUTBOX_PAGE });
    return rows.map((r) => ({ id: r.id, createdAt: r.createdAt.toISOString(), to: r.recipient, subject: r.subject, text: r.bodyText }));
  }

  /** A message for the shop itself (CONTACT_TO): contact messages, event inquiries. */
  sendToShop(message: Omit<MailMessage, 'to'>): Promise<MailDelivery> {
    return this.send({ ...message, to: this.config.CONTACT_TO });
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}

/** Header values stay on one line whatever the caller passes. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}
