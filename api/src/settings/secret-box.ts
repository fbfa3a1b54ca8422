import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for secrets kept in the settings table (Square OAuth tokens). The key is derived with
 * HKDF-SHA256 from the session secret, so a database dump alone does not reveal the tokens.
 * Stored form: `enc:v1:<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'cocoa-settings', 'settings-encryption-v1', 32));
  }

  static isSealed(value: string): boolean {
    return value.startsWith(PREFIX);
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
  }

  /** The plain text, or undefined when the value was not sealed with this key or was altered. */
  open(sealed: string): string | undefined {
    if (!SecretBox.isSealed(sealed)) return undefined;
    const [iv, tag, body] = sealed.slice(PREFIX.length).split('.');
    if (!iv || !tag || body === undefined) return undefined;
    try {
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) return undefined;
      const decipher = createDecipheriv('aes-256-gcm', this.key, ivBytes);
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
