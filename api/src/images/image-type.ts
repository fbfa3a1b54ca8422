/** The image formats the shop accepts, decided from the file's first bytes (never its name or header). */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

export const EXTENSION: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', avif: 'avif' };

export function detectImageFormat(bytes: Buffer): ImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (bytes.length >= 16 && bytes.subarray(4, 8).toString('latin1') === 'ftyp') {
    // ISO-BMFF: major brand at 8, compatible brands from 16 to the end of the ftyp box.
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands = [bytes.subarray(8, 12).toString('latin1')];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(bytes.subarray(at, at + 4).toString('latin1'));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return undefined;
}
