import { createHash } from 'node:crypto';
import { RECENT_SIGN_INS_KEPT, type RecentSignIns } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Bowser from 'bowser';
import ipaddr from 'ipaddr.js';
import { DataSource, type EntityManager } from 'typeorm';
import { ShopTimeZoneService } from '../settings/shop-time-zone.service';
import { SignInEntity } from './sign-in.entity';

/** Longest User-Agent and address kept (the columns' lengths); a longer header is cut, never refused. */
const USER_AGENT_MAX = 512;
const ADDRESS_MAX = 64;

/** What is recorded of a sign-in besides its account and time. */
export interface SignInSource {
  ipAddress: string | undefined;
  userAgent: string | undefined;
  sessionId: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** An address as people read it: an IPv4 client seen through an IPv6 socket ('::ffff:203.0.113.7') as plain IPv4. */
function plainAddress(address: string | undefined): string | null {
  if (!address) return null;
  const plain = ipaddr.isValid(address) ? ipaddr.process(address).toString() : address;
  return plain.slice(0, ADDRESS_MAX);
}

/** A User-Agent header in plain words, as bowser reads it: 'Firefox on Windows', 'Safari on iPhone', 'Chrome on Android phone'. */
function deviceOf(userAgent: string | null): string {
  if (!userAgent?.trim()) return 'Unknown device';
  const { browser, os, platform } = Bowser.parse(userAgent);
  const system =
    os.name === 'Android' && (platform.type === 'mobile' || platform.type === 'tablet')
      ? `Android ${platform.type === 'mobile' ? 'phone' : 'tablet'}`
      : os.name;
  const where = platform.model ?? system;
  if (browser.name && where) return `${browser.name} on ${where}`;
  return browser.name || (where ? `A browser on ${where}` : 'Unknown device');
}

/** The account's sign-ins: recorded as each session begins, listed on its Security page. */
@Injectable()
export class SignInsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly shopZone: ShopTimeZoneService,
  ) {}

  /** Records a sign-in and drops the account's older ones past the newest RECENT_SIGN_INS_KEPT, in one transaction. */
  async record(userId: number, source: SignInSource): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(SignInEntity, {
        userId,
        ipAddress: plainAddress(source.ipAddress),
        userAgent: source.userAgent ? source.userAgent.slice(0, USER_AGENT_MAX) : null,
        sessionHash: sha256(source.sessionId),
      });
      await manager.query(
        `DELETE FROM sign_ins WHERE user_id = $1 AND id NOT IN (
           SELECT id FROM sign_ins WHERE user_id = $1 ORDER BY signed_in_at DESC, id DESC LIMIT $2)`,
        [userId, RECENT_SIGN_INS_KEPT],
      );
    });
  }

  /** A session renewed under a new id (a password change) is still the same sign-in: its record follows it. */
  async followRenewedSession(previousSessionId: string, sessionId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.update(SignInEntity, { sessionHash: sha256(previousSessionId) }, { sessionHash: sha256(sessionId) });
  }

  /** The account's recorded sign-ins, newest first, the asking session's own marked; only this account's. */
  async recent(userId: number, sessionId: string): Promise<RecentSignIns> {
    const rows = await this.dataSource
      .getRepository(SignInEntity)
      .find({ where: { userId }, order: { signedInAt: 'DESC', id: 'DESC' }, take: RECENT_SIGN_INS_KEPT });
    const own = sha256(sessionId);
    return {
      timeZone: await this.shopZone.current(),
      signIns: rows.map((row) => ({
        id: row.id,
        at: row.signedInAt.toISOString(),
        ipAddress: row.ipAddress,
        userAgent: row.userAgent,
        device: deviceOf(row.userAgent),
        current: row.sessionHash === own,
      })),
    };
  }
}
