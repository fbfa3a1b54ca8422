import type { MailStatus, OutboxMessage, OutboxQuery } from '@cocoa/shared-types';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createTransport, type Transporter } from 'nodemailer';
import type { EntityManager, Repository } from 'typeorm';
import { ConflictError, NotFoundError } from '../common/domain-errors';
import { errorText, log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { afterCommit } from '../database/after-commit';
import { insertOrGather } from '../database/gathered-inserts';
import { type JobRun, JobsService, type JobSendOptions } from '../jobs/jobs.service';
import { withSettingsSnapshot } from '../settings/settings.service';
import { ShopIdentityService } from '../settings/shop-identity.service';
import { ShopTimeZoneService } from '../settings/shop-time-zone.service';
import { MailOutboxEntry } from './mail-outbox.entity';
import { isMailTemplateName, type RenderedMail, renderMail, shopIdentity, type ShopIdentity, type TemplateMail } from './templates';

export interface MailAddress {
  name: string;
  address: string;
}

/** A file sent with a message (text content, e.g. a calendar invitation). */
export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/** A templated message to queue (CONTRACT): `to` a person, or the shop (CONTACT_TO); `attachments` go with it as they are. */
// eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- 'shop' is spelled out: it is the one address with a meaning of its own
export type QueuedMail = TemplateMail & { to: string | 'shop'; replyTo?: MailAddress; attachments?: MailAttachment[] };

/** The job that delivers one outbox message. */
export const MAIL_DELIVER_JOB = 'mail.deliver';
/** The job that gives a delivery job to messages that lost theirs (see MailService.sweep). */
const MAIL_SWEEP_JOB = 'mail.sweep';
/** A message never tried this long after it was queued lost its delivery job. */
const LOST_AFTER_MINUTES = 5;
/** How often the sweep runs; it gives a message at most one job in that time. */
const SWEEP_SECONDS = 300;
/** How long committed messages wait to have their delivery jobs written together (sendJobs). */
const JOB_GATHER_MS = 20;

/** How delivery retries (pg-boss: `retryDelay` seconds, doubled each retry with jitter, at most `retryDelayMax`). */
export interface MailRetryPolicy {
  retryLimit: number;
  retryDelay: number;
  retryDelayMax: number;
}
/** Six tries over about an hour: a mail server down for a restart or a short outage is waited out. */
const MAIL_RETRY: MailRetryPolicy = { retryLimit: 5, retryDelay: 60, retryDelayMax: 30 * 60 };

const SUBJECT_MAX = 300;
const ERROR_MAX = 500;

interface Claimed {
  id: number;
  recipient: string;
  subject: string | null;
  body_text: string | null;
  body_html: string | null;
  template: string | null;
  data: unknown;
  reply_to: MailAddress | null;
  attachments: MailAttachment[] | null;
}

/** A message as it is sent and as the admin reads it. */
type Written = Pick<RenderedMail, 'subject' | 'text'> & { html: string | null };

/**
 * Every e-mail the shop sends goes through here: `queue` writes the message (its template's name
 * and data) to `mail_outbox`, in the caller's transaction when it passes one (rolled back, nothing
 * is sent), and its `mail.deliver` job once that commits. The job renders the template (subject,
 * HTML and text, dates in the shop's zone) on its first attempt and keeps what it wrote: the change
 * that causes a mail (a checkout in a rush) waits neither for its rendering nor for its job. The
 * job queue (jobs/) delivers it once across
 * all replicas: with SMTP_URL through nodemailer, retried with backoff (MAIL_RETRY) and marked
 * 'failed' with the server's last answer when every try is refused (the admin may retry it);
 * without SMTP_URL the message is 'kept' and the admin reads it at GET /api/mail/outbox, which is
 * how password reset works on a fresh machine. Exactly once: a worker claims the message with a
 * conditional update (queued → sending) before it talks to the server, and a message already sent
 * or kept is never claimed again. The one gap no queue closes: a process killed after the server
 * took a message but before 'sent' was written sends it again on the retry.
 * Logs name the outbox id, recipient and subject, never a body: a reset link in a log would let
 * whoever reads the log into the account.
 */
@Injectable()
export class MailService implements OnModuleInit, OnModuleDestroy, OnApplicationShutdown {
  private readonly transport: Transporter | undefined;
  /** Committed messages whose delivery jobs are not written yet, and the write under way. */
  private waiting: number[] = [];
  private sending: Promise<void> | null = null;
  /** The retry schedule of newly queued messages (tests shorten it). */
  retryPolicy: MailRetryPolicy = MAIL_RETRY;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(MailOutboxEntry) private readonly outbox: Repository<MailOutboxEntry>,
    private readonly jobs: JobsService,
    private readonly zone: ShopTimeZoneService,
    private readonly shopIdentity: ShopIdentityService,
  ) {
    // Timeouts keep one attempt from holding a worker long on a slow mail server; the URL's own settings win.
    this.transport = config.SMTP_URL
      ? createTransport({ url: config.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }, { from: config.MAIL_FROM })
      : undefined;
  }

  async onModuleInit(): Promise<void> {
    // Two at a time per replica, each taking one message a second: the e-mails of a rush of checkouts
    // wait their turn rather than slow the checkouts (the embedded database runs on the API's thread).
    // An attempt the process did not live to finish is retried after 2 minutes.
    // A delivery reads the shop's identity and zone as a request does: from the settings kept between reads.
    await this.jobs.work<{ outboxId: number }>(MAIL_DELIVER_JOB, (job) => withSettingsSnapshot(() => this.deliver(job.data.outboxId, job)), {
      pollingIntervalSeconds: 1,
      concurrency: 2,
      wake: false,
      expireInSeconds: 120,
    });
    // The sweep runs every few minutes: its worker need not ask for work every 2 s.
    await this.jobs.work(MAIL_SWEEP_JOB, async () => void (await this.sweep()), { pollingIntervalSeconds: 30 });
    await this.jobs.schedule(MAIL_SWEEP_JOB, `*/${SWEEP_SECONDS / 60} * * * *`);
  }

  /**
   * CONTRACT: queues the message. With `manager`, the outbox row is written in the caller's
   * transaction and its delivery job once that commits, so a rolled-back change sends nothing
   * (inside a transaction, always pass its manager). Answers the outbox id (null when the manager
   * gathers it for a state move's own statement, see database/gathered-inserts.ts). Rendering and
   * delivery happen later, with retries.
   */
  async queue(mail: QueuedMail, manager?: EntityManager): Promise<number | null> {
    const ids = await this.queueAll([mail], manager);
    return ids?.[0] ?? null;
  }

  /**
   * Queues the shop's copy of a message sent from a public form (the contact form, an event
   * inquiry): to CONTACT_TO, reply-to its sender, with the inbox's link. As queue otherwise.
   */
  async queueShopCopy(sent: Omit<Extract<QueuedMail, { template: 'shop-message' }>['data'], 'adminUrl'>, manager?: EntityManager): Promise<number | null> {
    const data = { ...sent, adminUrl: `${this.config.publicUrl}/admin?tab=inbox` };
    return this.queue({ to: 'shop', replyTo: { name: sent.name, address: sent.email }, template: 'shop-message', data }, manager);
  }

  /**
   * As queue, for several messages of one change (an order's confirmation and the shop's alert):
   * one outbox insert for all of them. Answers their outbox ids, in order (null when gathered).
   */
  async queueAll(mails: readonly QueuedMail[], manager?: EntityManager): Promise<number[] | null> {
    if (mails.length === 0) return [];
    const rows = mails.map((mail) => ({
      recipient: mail.to === 'shop' ? this.config.CONTACT_TO : mail.to,
      template: mail.template,
      data: mail.data,
      replyTo: mail.replyTo ?? null,
      attachments: mail.attachments?.length ? mail.attachments : null,
      status: 'queued' as const,
    }));
    return insertOrGather(manager ?? this.outbox.manager, MailOutboxEntry, rows, (ids) => afterCommit(manager, () => this.sendJobs(ids)));
  }

  /**
   * Delivery jobs for committed messages. They are written after the commit, not in the
   * transaction (a checkout under a crowd then waits for one statement less), and the ids of
   * JOB_GATHER_MS after the first, and those that arrive while one write is under way, go together:
   * one statement for a burst (each costs about a millisecond of the database's one thread on
   * PGlite). A process stopped between a commit and its write leaves messages without a job:
   * `sweep` finds them.
   */
  private sendJobs(ids: readonly number[]): void {
    this.waiting.push(...ids);
    this.sending ??= this.sendWaiting();
  }

  private async sendWaiting(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, JOB_GATHER_MS));
    while (this.waiting.length) {
      const batch = this.waiting.splice(0);
      try {
        await this.jobs.sendMany(
          MAIL_DELIVER_JOB,
          batch.map((outboxId) => ({ outboxId })),
          this.jobOptions(),
        );
      } catch (err) {
        log('warn', 'delivery jobs not written; the mail sweep will give them', { count: batch.length, error: String(err) });
      }
    }
    this.sending = null;
  }

  /**
   * The scheduled sweep (every 5 minutes): a message queued LOST_AFTER_MINUTES ago and never tried
   * gets a delivery job, at most one per message in a sweep's period (a singleton key). Should
   * its first job still be waiting, the two cannot both send it: only a retry may take over a
   * message another attempt is sending.
   */
  async sweep(): Promise<number> {
    const lost: { id: number }[] = await this.outbox.query(
      `SELECT id FROM mail_outbox WHERE status = 'queued' AND attempts = 0 AND created_at < now() - make_interval(mins => $1) ORDER BY id LIMIT 500`,
      [LOST_AFTER_MINUTES],
    );
    for (const { id } of lost)
      await this.jobs.send(MAIL_DELIVER_JOB, { outboxId: id }, { ...this.jobOptions(), singletonKey: `mail-${id}`, singletonSeconds: SWEEP_SECONDS });
    if (lost.length) log('warn', 'messages without a delivery job were given one', { count: lost.length });
    return lost.length;
  }

  /** Writes the delivery jobs still waiting before the job queue stops. */
  async onModuleDestroy(): Promise<void> {
    await this.sending;
  }

  /**
   * The shop as a message shows it: the owner's identity (the demo's where unset), dates in the zone
   * saved in Settings. Reads settings: call it before a transaction opens, never inside one.
   */
  async identity(): Promise<ShopIdentity> {
    const [shop, timeZone] = await Promise.all([this.shopIdentity.get(), this.zone.current()]);
    return shopIdentity({ siteUrl: this.config.publicUrl, timeZone, email: this.config.CONTACT_TO, shop });
  }

  /** Who messages are from: MAIL_FROM's mailbox, under the shop's name once the owner has set it. */
  private async sender(): Promise<string | MailAddress> {
    const { saved } = await this.shopIdentity.settingsView();
    if (!saved.name) return this.config.MAIL_FROM;
    const address = /<([^<>]+)>\s*$/.exec(this.config.MAIL_FROM)?.[1] ?? this.config.MAIL_FROM;
    return { name: saved.name, address };
  }

  /** The outbox for the admin, newest first (bodies included: a kept message is read there). */
  async list(query: OutboxQuery): Promise<{ messages: OutboxMessage[]; nextCursor?: string }> {
    const qb = this.outbox
      .createQueryBuilder('m')
      .orderBy('m.id', 'DESC')
      .take(query.limit + 1);
    if (query.status) qb.andWhere('m.status = :status', { status: query.status });
    if (query.cursor) qb.andWhere('m.id < :cursor', { cursor: query.cursor });
    const rows = await qb.getMany();
    const page = rows.slice(0, query.limit);
    const messages = await Promise.all(page.map(async (row) => toOutboxMessage(row, await this.written(row))));
    return { messages, nextCursor: rows.length > query.limit ? String(page[page.length - 1].id) : undefined };
  }

  /** A failed message goes back to the queue (409 for any other state: a sent message is never sent twice). */
  async retry(id: number): Promise<OutboxMessage> {
    await this.outbox.manager.transaction(async (m) => {
      const requeued: { id: number }[] = await m.query(
        `WITH r AS (UPDATE mail_outbox SET status = 'queued' WHERE id = $1 AND status = 'failed' RETURNING id) SELECT id FROM r`,
        [id],
      );
      if (requeued.length === 0) {
        const current = await m.findOneBy(MailOutboxEntry, { id });
        if (!current) throw new NotFoundError('Message not found', 'MAIL_NOT_FOUND');
        throw new ConflictError(`Only a failed message can be sent again; this one is ${current.status}`, 'MAIL_NOT_FAILED');
      }
      await this.jobs.send(MAIL_DELIVER_JOB, { outboxId: id }, { ...this.jobOptions(), manager: m });
    });
    log('info', 'mail queued again by the admin', { outboxId: id });
    const row = await this.outbox.findOneByOrFail({ id });
    return toOutboxMessage(row, await this.written(row));
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }

  private jobOptions(): JobSendOptions {
    return {
      retryLimit: this.retryPolicy.retryLimit,
      retryDelay: this.retryPolicy.retryDelay,
      retryDelayMax: this.retryPolicy.retryDelayMax,
      retryBackoff: true,
    };
  }

  /**
   * Renders every queued message not written out yet, as their delivery would (tests read the
   * outbox's subjects and bodies without waiting for the job queue).
   */
  async renderQueued(): Promise<void> {
    const rows = await this.outbox.query<Claimed[]>(
      `SELECT id, recipient, subject, body_text, body_html, template, data, reply_to, attachments FROM mail_outbox WHERE body_text IS NULL ORDER BY id`,
    );
    for (const row of rows) await this.writeOut(row);
  }

  /** The message's subject and bodies, rendered from its template and data the first time and kept. */
  private async writeOut(message: Claimed): Promise<Written> {
    const stored = storedWritten(message.subject, message.body_text, message.body_html);
    if (stored) return stored;
    const written = await this.render(message.template, message.data);
    await this.outbox.query(`UPDATE mail_outbox SET subject = $2, body_text = $3, body_html = $4 WHERE id = $1 AND body_text IS NULL`, [
      message.id,
      written.subject,
      written.text,
      written.html,
    ]);
    return written;
  }

  /** A row as the admin reads it: written out, or rendered now for the reading when still queued. */
  private async written(row: MailOutboxEntry): Promise<Written> {
    return storedWritten(row.subject, row.bodyText, row.bodyHtml) ?? this.render(row.template, row.data);
  }

  private async render(template: string | null, data: unknown): Promise<Written> {
    if (!template || !isMailTemplateName(template)) throw new Error(`mail_outbox: no template "${String(template)}" to render`);
    const rendered = await renderMail({ template, data } as TemplateMail, await this.identity());
    return { subject: oneLine(rendered.subject).slice(0, SUBJECT_MAX), text: rendered.text, html: rendered.html };
  }

  /**
   * One delivery attempt (the mail.deliver job); throws when the server refuses, so the queue
   * retries. A message another attempt is sending is taken over only by a retry (that attempt's
   * process stopped), never by a second job's first attempt.
   */
  private async deliver(outboxId: number, { attempt, lastAttempt }: Pick<JobRun<unknown>, 'attempt' | 'lastAttempt'>): Promise<void> {
    const [claimed] = await this.outbox.query<Claimed[]>(
      `WITH c AS (
         UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1
          WHERE id = $1 AND (status = 'queued' OR (status = 'sending' AND $2::boolean))
          RETURNING id, recipient, subject, body_text, body_html, template, data, reply_to, attachments)
       SELECT * FROM c`,
      [outboxId, attempt > 1],
    );
    if (!claimed) return; // sent, kept or failed already (or gone): nothing to do
    const written = await this.writeOut(claimed).catch(async (err: unknown) => {
      const error = failureText(err);
      await this.settle(outboxId, lastAttempt ? 'failed' : 'queued', error);
      log('error', 'mail could not be written out from its template', { outboxId, to: claimed.recipient, template: claimed.template, error });
      throw err;
    });
    const message = { ...claimed, subject: written.subject, body_text: written.text, body_html: written.html };
    const fields = { outboxId, to: message.recipient, subject: message.subject };
    if (!this.transport) {
      await this.settle(outboxId, 'kept');
      log('info', 'mail kept in the outbox (no SMTP_URL set)', fields);
      return;
    }
    try {
      await this.transport.sendMail({
        from: await this.sender(),
        to: message.recipient,
        subject: message.subject,
        text: message.body_text,
        ...(message.body_html ? { html: message.body_html } : {}),
        ...(message.reply_to ? { replyTo: message.reply_to } : {}),
        ...(message.attachments
          ? { attachments: message.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) }
          : {}),
      });
    } catch (err) {
      const error = failureText(err);
      await this.settle(outboxId, lastAttempt ? 'failed' : 'queued', error);
      log(
        lastAttempt ? 'error' : 'warn',
        lastAttempt ? 'mail server refused the message; it is marked failed' : 'mail server refused the message; it will be retried',
        { ...fields, error },
      );
      throw err;
    }
    await this.settle(outboxId, 'sent');
    log('info', 'mail sent', fields);
  }

  /** Ends an attempt: only the attempt that claimed the message (status 'sending') may. */
  private async settle(id: number, status: MailStatus, error?: string): Promise<void> {
    await this.outbox.query(
      `UPDATE mail_outbox SET status = $2::varchar, last_error = CASE WHEN $2::varchar = 'sent' THEN NULL ELSE coalesce($3::varchar, last_error) END,
              sent_at = CASE WHEN $2::varchar = 'sent' THEN now() ELSE sent_at END
        WHERE id = $1 AND status = 'sending'`,
      [id, status, error ?? null],
    );
  }
}

function toOutboxMessage(r: MailOutboxEntry, written: Written): OutboxMessage {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    to: r.recipient,
    subject: written.subject,
    template: r.template,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    sentAt: r.sentAt?.toISOString() ?? null,
    hasHtml: written.html !== null,
    text: written.text,
  };
}

/** A message already written out (its text is there), as it was written; null when it is not yet. */
function storedWritten(subject: string | null, text: string | null, html: string | null): Written | null {
  return text === null ? null : { subject: subject ?? '', text, html };
}

/** What an attempt's failure leaves in `last_error`. */
function failureText(err: unknown): string {
  return errorText(err).slice(0, ERROR_MAX);
}

/** Header values stay on one line whatever the caller passes. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}
