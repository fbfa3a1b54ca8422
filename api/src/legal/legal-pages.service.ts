import {
  cancellationPolicyText,
  LEGAL_PAGE_KINDS,
  LEGAL_PAGE_TITLES,
  type LegalPageAdmin,
  type LegalPageKind,
  type LegalPagesAdmin,
  type LegalPageView,
  type LegalPlaceholder,
} from '@cocoa/shared-types';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BookingSettingsService } from '../bookings/booking-settings.service';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { SETTING_KEYS, SettingsService } from '../settings/settings.service';
import { LEGAL_DEFAULTS } from './legal-defaults';
import { fillPlaceholders, renderLegalMarkdown } from './legal-markdown';
import { LegalPageEntity } from './legal-page.entity';

const DAY_S = 24 * 60 * 60;

/**
 * The legal pages (privacy, terms, refund and cancellation): the owner's Markdown, else the default
 * text, rendered on every read with the rules in force filled in (LEGAL_PLACEHOLDERS) and sanitised
 * (legal-markdown.ts). "Reviewed" is one instant for all three pages (LEGAL_REVIEWED_AT), which the
 * owner's own edits afterwards do not undo.
 */
@Injectable()
export class LegalPagesService {
  constructor(
    @InjectRepository(LegalPageEntity) private readonly pages: Repository<LegalPageEntity>,
    private readonly bookingSettings: BookingSettingsService,
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async page(kind: LegalPageKind): Promise<LegalPageView> {
    const [row, values] = await Promise.all([this.pages.findOneBy({ kind }), this.placeholderValues()]);
    return this.view(kind, row, values);
  }

  async adminPages(): Promise<LegalPagesAdmin> {
    const [rows, values, reviewedAt] = await Promise.all([this.pages.find(), this.placeholderValues(), this.reviewedAt()]);
    const pages = LEGAL_PAGE_KINDS.map((kind): LegalPageAdmin => {
      const row = rows.find((r) => r.kind === kind) ?? null;
      return { ...this.view(kind, row, values), markdown: row?.markdown ?? LEGAL_DEFAULTS[kind], defaultMarkdown: LEGAL_DEFAULTS[kind] };
    });
    return { pages, reviewedAt };
  }

  /** Stores the owner's text (already checked by legalPageUpdateSchema) and answers the page as the public will read it. */
  async save(kind: LegalPageKind, markdown: string): Promise<LegalPageView> {
    await this.pages.upsert({ kind, markdown, updatedAt: new Date() }, { conflictPaths: ['kind'] });
    return this.page(kind);
  }

  /** What `markdown` would show, for the editor's preview; nothing is stored. */
  async preview(markdown: string): Promise<{ html: string }> {
    return { html: renderLegalMarkdown(fillPlaceholders(markdown, await this.placeholderValues())) };
  }

  /** The owner confirms the pages were reviewed: now, kept in LEGAL_REVIEWED_AT. */
  async markReviewed(): Promise<{ reviewedAt: string }> {
    const reviewedAt = new Date().toISOString();
    await this.settings.set(SETTING_KEYS.legalReviewedAt, reviewedAt);
    return { reviewedAt };
  }

  /** When the owner last confirmed the pages were reviewed; null: never (the go-live checklist reads it). */
  async reviewedAt(): Promise<string | null> {
    return (await this.settings.get(SETTING_KEYS.legalReviewedAt)) ?? null;
  }

  private view(kind: LegalPageKind, row: LegalPageEntity | null, values: Record<LegalPlaceholder, string>): LegalPageView {
    const markdown = row?.markdown ?? LEGAL_DEFAULTS[kind];
    return {
      kind,
      title: LEGAL_PAGE_TITLES[kind],
      html: renderLegalMarkdown(fillPlaceholders(markdown, values)),
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }

  private async placeholderValues(): Promise<Record<LegalPlaceholder, string>> {
    const booking = await this.bookingSettings.get();
    return {
      depositPercent: String(booking.depositPercent),
      balanceDueDays: String(booking.balanceDueDays),
      fullRefundDays: String(booking.fullRefundDays),
      leadTimeDays: String(booking.leadTimeDays),
      cancellationPolicy: cancellationPolicyText(booking),
      customerSessionDays: String(Math.round(this.config.CUSTOMER_SESSION_MAX_S / DAY_S)),
      customerIdleDays: String(Math.round(this.config.CUSTOMER_SESSION_IDLE_S / DAY_S)),
    };
  }
}
