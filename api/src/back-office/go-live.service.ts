import { type GoLiveChecklist, type GoLiveItem, type GoLiveTestMail } from '@cocoa/shared-types';
import { Inject, Injectable } from '@nestjs/common';
import { UsersService } from '../auth/users.service';
import { BackupScheduleService } from '../backup/backup-schedule.service';
import { ConflictError, GoneError, UserInputError } from '../common/domain-errors';
import { log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { type LinkKind, SignedLinksService } from '../links/signed-links.service';
import { MailService } from '../mail/mail.service';
import { SETTING_KEYS, SettingsService } from '../settings/settings.service';
import { ShopIdentityService } from '../settings/shop-identity.service';
import { SquareGateway } from '../square/square.gateway';

/** The daily backup counts as running while its newest file is younger than this. */
const BACKUP_RECENT_MS = 2 * 24 * 60 * 60 * 1000;

/** The test e-mail's link: bound to the mailbox it went to, so it proves that mailbox receives the shop's mail. */
const MAIL_TEST_LINKS: LinkKind<{ to: string }> = {
  name: 'mail-test',
  path: () => '/api/admin/go-live/mail-confirmed',
  binds: ({ to }) => `mail-test:${to.toLowerCase()}`,
};

type Line = GoLiveChecklist['items'][number];

/**
 * The go-live checklist (docs/admin.md, "Go-live checklist"): each step of taking the shop from a
 * demo to a live shop, computed here from the domains' own services (Square's connection, the
 * shop's identity, the legal pages' review, outgoing mail, the daily backup, the first admin's
 * password, every admin's second factor, the public address), so the admin only shows it.
 */
@Injectable()
export class GoLiveService {
  constructor(
    private readonly settings: SettingsService,
    private readonly identity: ShopIdentityService,
    private readonly users: UsersService,
    private readonly backups: BackupScheduleService,
    private readonly square: SquareGateway,
    private readonly mail: MailService,
    private readonly links: SignedLinksService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async checklist(now = new Date()): Promise<GoLiveChecklist> {
    const [connection, identity, stored, schedule, passwordChanged, withoutSecondFactor] = await Promise.all([
      this.square.connection().catch((error: unknown) => {
        log('warn', 'go-live checklist: the Square connection could not be read', { error: String(error) });
        return null;
      }),
      this.identity.settingsView(),
      this.settings.getMany([SETTING_KEYS.legalReviewedAt, SETTING_KEYS.mailTestConfirmedAt]),
      this.backups.status(),
      this.users.firstAdminPasswordChanged(),
      this.users.adminsWithoutSecondFactor(),
    ]);
    const { saved } = identity;
    const missingIdentity = [
      !saved.name && 'name',
      !(saved.street && saved.city && saved.postcode) && 'address',
      !saved.phone && 'phone',
      !saved.email && 'e-mail',
    ].filter((field): field is string => Boolean(field));
    const lastBackup = schedule.lastRunAt ? Date.parse(schedule.lastRunAt) : NaN;
    const publicUrl = this.config.PUBLIC_URL;

    const items: Line[] = [
      line(
        'square',
        'Square connected in production mode',
        !connection
          ? 'Square is not connected: connect it in production mode (or set SQUARE_ACCESS_TOKEN and SQUARE_MODE=production in the server’s configuration) to take real payments.'
          : connection.mode !== 'production'
            ? 'Square is connected in sandbox mode: switch to production and connect again (or set SQUARE_MODE=production with a production SQUARE_ACCESS_TOKEN in the server’s configuration) to take real payments.'
            : '',
        '/admin?tab=settings',
        'Open Square settings',
      ),
      line(
        'identity',
        "The shop's name, address, phone and e-mail",
        missingIdentity.length ? `Set the shop's ${joinWords(missingIdentity)}: customers see the demo shop's until you do.` : '',
        '/admin?tab=settings#shop-identity',
        'Set the shop’s identity',
      ),
      line(
        'legal',
        'Legal pages reviewed',
        stored[SETTING_KEYS.legalReviewedAt] ? '' : 'Read the privacy, terms and refund pages, change what does not fit, and mark them reviewed.',
        '/admin?tab=legal',
        'Open the legal pages',
      ),
      line(
        'mail',
        'Outgoing e-mail set up and tested',
        !this.config.SMTP_URL
          ? 'SMTP_URL is not set in the server’s configuration: e-mails stay in the outbox and nobody receives them.'
          : stored[SETTING_KEYS.mailTestConfirmedAt]
            ? ''
            : `Send a test e-mail and follow its link from ${this.config.CONTACT_TO}.`,
        '/admin?tab=settings#outgoing-mail-title',
        'Open outgoing mail',
      ),
      line(
        'backups',
        'Daily backups',
        !schedule.enabled
          ? 'The daily backup is off.'
          : Number.isNaN(lastBackup) || now.getTime() - lastBackup > BACKUP_RECENT_MS
            ? 'The daily backup has not run in the last 2 days.'
            : '',
        '/admin?tab=database',
        'Open Database Backup',
      ),
      line(
        'password',
        'The first admin’s password changed',
        passwordChanged ? '' : `The admin account "${this.config.ADMIN_USERNAME}" still has the password it was created with.`,
        '/account',
        'Change the password',
      ),
      line(
        'secondFactor',
        'Two-step sign-in for every admin',
        withoutSecondFactor.length
          ? `Turn on two-step sign-in for ${joinWords(withoutSecondFactor.map((name) => `"${name}"`))}: a password alone then no longer opens the refunds and backups.`
          : '',
        '/account/security',
        'Open Security',
      ),
      line(
        'publicUrl',
        'A public https address',
        !publicUrl
          ? 'PUBLIC_URL is not set in the server’s configuration: links in e-mails point to localhost.'
          : !publicUrl.startsWith('https://')
            ? `PUBLIC_URL in the server’s configuration is ${publicUrl}, not an https:// address.`
            : '',
        '',
        '',
      ),
    ];
    return { items, ready: items.every((item) => item.done) };
  }

  /** Mails the shop's mailbox (CONTACT_TO) a message whose signed link marks outgoing mail as working. 409 while SMTP_URL is unset. */
  async sendTestMail(): Promise<GoLiveTestMail> {
    if (!this.config.SMTP_URL) {
      throw new ConflictError('Outgoing e-mail is not set up: set SMTP_URL in the server’s configuration first (docs/operations.md).', 'MAIL_NOT_CONFIGURED');
    }
    const to = this.config.CONTACT_TO;
    const signer = await this.links.signer(MAIL_TEST_LINKS);
    await this.mail.queue({ to: 'shop', template: 'mail-test', data: { confirmUrl: signer.url({ to }) } });
    return { to };
  }

  /** The test e-mail's link was followed: outgoing mail reaches the shop (MAIL_TEST_CONFIRMED_AT = now). */
  async confirmTestMail(token: string): Promise<void> {
    const signer = await this.links.signer(MAIL_TEST_LINKS);
    const verdict = signer.verify({ to: this.config.CONTACT_TO }, token);
    if (verdict === 'expired')
      throw new GoneError('This test e-mail link has expired: send a new test e-mail from the go-live checklist.', 'MAIL_TEST_LINK_EXPIRED');
    if (verdict !== 'valid')
      throw new UserInputError('This test e-mail link is not valid: send a new test e-mail from the go-live checklist.', 'MAIL_TEST_LINK_INVALID');
    await this.settings.set(SETTING_KEYS.mailTestConfirmedAt, new Date().toISOString());
  }
}

function line(id: GoLiveItem, label: string, missing: string, fix: string, fixLabel: string): Line {
  return { id, label, done: missing === '', missing, fix, fixLabel };
}

/** "name, phone and e-mail". */
function joinWords(words: readonly string[]): string {
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : words[0];
}
