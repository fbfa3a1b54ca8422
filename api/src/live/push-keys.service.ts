import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { generateVAPIDKeys } from 'web-push';
import { SETTING_KEYS, SettingsService } from '../settings/settings.service';

export interface VapidKeys {
  /** base64url of the uncompressed P-256 point: the browser's applicationServerKey. */
  publicKey: string;
  /** base64url of the private scalar; never leaves the server. */
  privateKey: string;
}

/**
 * The shop's VAPID key pair (RFC 8292), made once on first need and kept in settings: the public
 * key readable, the private key sealed like the Square tokens (SettingsService.sealSecret). Two
 * replicas needing it at once each generate a pair and write it with set-if-absent in ONE
 * transaction (both rows or neither), then both read back what is stored: one pair wins. The pair
 * is an installation setting: a restore leaves it alone (backup.tables.ts), so subscriptions made
 * with it keep working. Once read, it is kept in memory (it never changes).
 */
@Injectable()
export class PushKeysService {
  private known: VapidKeys | undefined;

  constructor(
    private readonly settings: SettingsService,
    private readonly dataSource: DataSource,
  ) {}

  async keys(): Promise<VapidKeys> {
    if (this.known) return this.known;
    let stored = await this.read();
    if (!stored) {
      const fresh = generateVAPIDKeys();
      // Sealed before the transaction: sealing may read the session secret, on PGlite's one connection.
      const sealed = await this.settings.sealSecret(fresh.privateKey);
      await this.dataSource.transaction(async (m) => {
        await this.settings.setIfAbsent(SETTING_KEYS.pushVapidPublicKey, fresh.publicKey, m);
        await this.settings.setIfAbsent(SETTING_KEYS.pushVapidPrivateKey, sealed, m);
      });
      stored = await this.read();
      if (!stored) throw new Error('The Web Push keys could not be stored');
    }
    this.known = stored;
    return stored;
  }

  /** The stored pair; undefined before it is made. A private key this installation cannot open is an error, not a reason to make another pair. */
  private async read(): Promise<VapidKeys | undefined> {
    const rows = await this.settings.getMany([SETTING_KEYS.pushVapidPublicKey, SETTING_KEYS.pushVapidPrivateKey]);
    const publicKey = rows[SETTING_KEYS.pushVapidPublicKey];
    const sealed = rows[SETTING_KEYS.pushVapidPrivateKey];
    if (!publicKey || !sealed) return undefined;
    const privateKey = await this.settings.openSecret(sealed, SETTING_KEYS.pushVapidPrivateKey);
    if (!privateKey) throw new Error('The stored Web Push private key cannot be read with this installation’s session secret');
    return { publicKey, privateKey };
  }
}
