import { inflateRawSync } from 'node:zlib';
import { UserInputError } from '../common/domain-errors';

/**
 * An .xlsx file is a zip archive. Before exceljs unpacks it whole, its directory and then its
 * entries are checked here, one entry in memory at a time, so a small upload cannot unpack to
 * gigabytes (a zip bomb) or hold more rows than an import takes:
 * - the sizes the zip's central directory declares: at most IMPORT_MAX_UNPACKED_BYTES in all, and
 *   no entry over 1 MB packed more than IMPORT_MAX_RATIO times (spreadsheet programs reach ~10-20);
 * - every entry is then inflated with its declared size as a hard limit, so a directory that
 *   understates its sizes is caught too;
 * - each worksheet's rows holding a value are counted (at most `maxRows` after the header), and
 *   their cells (at most IMPORT_MAX_CELLS), so exceljs never builds a bigger sheet.
 * Zip64 archives (over 4 GB or 65,535 entries) are refused: no catalogue needs one.
 */

/** Unpacked bytes an import may hold: a 5,000-product catalogue with long descriptions is ~10 MB. */
export const IMPORT_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
/** How many times its packed size an entry over 1 MB may unpack to. */
export const IMPORT_MAX_RATIO = 100;
/** Filled cells per sheet: 5,000 rows of 40 columns. */
export const IMPORT_MAX_CELLS = 200_000;
const RATIO_FROM_BYTES = 1024 * 1024;
const MAX_ENTRIES = 5000;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

interface Entry {
  name: string;
  method: number;
  packed: number;
  unpacked: number;
  offset: number;
}

const notAWorkbook = () => new UserInputError('The file is not a valid Excel workbook (.xlsx)', 'IMPORT_NOT_XLSX');
const understated = () => new UserInputError('The workbook is damaged: a part unpacks to another size than its directory says', 'IMPORT_NOT_XLSX');
const tooBig = () =>
  new UserInputError(
    `The workbook unpacks to more than ${IMPORT_MAX_UNPACKED_BYTES / 1024 / 1024} MB, far more than a catalogue needs: remove other sheets, images and formatting, or save the Products sheet as CSV`,
    'IMPORT_TOO_LARGE',
  );

/** Throws a 400 naming the limit the workbook in `file` (a zip) goes over; returns when it may be parsed. */
export function checkWorkbookArchive(file: Buffer, maxRows: number): void {
  const entries = centralDirectory(file);
  let declared = 0;
  for (const e of entries) {
    declared += e.unpacked;
    if (declared > IMPORT_MAX_UNPACKED_BYTES) throw tooBig();
    if (e.unpacked > RATIO_FROM_BYTES && e.unpacked > e.packed * IMPORT_MAX_RATIO) {
      throw new UserInputError(
        `The workbook is packed over ${IMPORT_MAX_RATIO} times tighter than spreadsheets are: it cannot be imported`,
        'IMPORT_TOO_LARGE',
      );
    }
  }
  for (const e of entries) {
    const data = unpack(file, e);
    if (/^xl\/worksheets\/sheet\d+\.xml$/i.test(e.name)) countSheet(data, maxRows);
  }
}

function centralDirectory(file: Buffer): Entry[] {
  let end = -1;
  for (let at = file.length - 22; at >= Math.max(0, file.length - 22 - 0xffff); at -= 1) {
    if (file.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw notAWorkbook();
  const count = file.readUInt16LE(end + 10);
  const size = file.readUInt32LE(end + 12);
  const start = file.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || start === 0xffffffff) throw tooBig();
  if (count > MAX_ENTRIES) throw new UserInputError(`The workbook holds more than ${MAX_ENTRIES} parts: it cannot be imported`, 'IMPORT_TOO_LARGE');
  if (start + size > end) throw notAWorkbook();
  const entries: Entry[] = [];
  let at = start;
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > end || file.readUInt32LE(at) !== CENTRAL) throw notAWorkbook();
    const nameLength = file.readUInt16LE(at + 28);
    const entry: Entry = {
      method: file.readUInt16LE(at + 10),
      packed: file.readUInt32LE(at + 20),
      unpacked: file.readUInt32LE(at + 24),
      offset: file.readUInt32LE(at + 42),
      name: file.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (entry.packed === 0xffffffff || entry.unpacked === 0xffffffff || entry.offset === 0xffffffff) throw tooBig();
    entries.push(entry);
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return entries;
}

/** The entry's bytes, never more than its declared size (a directory that understates is refused). */
function unpack(file: Buffer, e: Entry): Buffer {
  if (e.offset + 30 > file.length || file.readUInt32LE(e.offset) !== LOCAL) throw notAWorkbook();
  const from = e.offset + 30 + file.readUInt16LE(e.offset + 26) + file.readUInt16LE(e.offset + 28);
  if (from + e.packed > file.length) throw notAWorkbook();
  const packed = file.subarray(from, from + e.packed);
  if (e.method === 0) {
    if (e.packed !== e.unpacked) throw notAWorkbook();
    return packed;
  }
  if (e.method !== 8) throw notAWorkbook();
  let data: Buffer;
  try {
    data = inflateRawSync(packed, { maxOutputLength: Math.max(1, e.unpacked) });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw understated();
    throw notAWorkbook();
  }
  if (data.length !== e.unpacked) throw understated();
  return data;
}

/** A row element and its content, any namespace prefix (.NET's Open XML SDK writes x:row). */
const ROW = /<(?:[\w.-]+:)?row\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?row>)/g;
/** A value: <v>, an inline string <is>, or a formula <f>. */
const VALUE = /<(?:[\w.-]+:)?(?:v|is|f)\b/;
/** A cell element that is not self-closing (a self-closing one only carries a style). */
const CELL = /<(?:[\w.-]+:)?c\b[^>]*?(?<!\/)>/g;

function countSheet(xml: Buffer, maxRows: number): void {
  const text = xml.toString('latin1');
  let rows = 0;
  let cells = 0;
  for (const match of text.matchAll(ROW)) {
    const body = match[1];
    if (!body || !VALUE.test(body)) continue;
    rows += 1;
    cells += body.match(CELL)?.length ?? 0;
    // The header row is row 1; maxRows counts the rows after it.
    if (rows > maxRows + 1)
      throw new UserInputError(`A sheet of the workbook has more than ${maxRows} rows: split the catalogue into several files`, 'IMPORT_TOO_MANY_ROWS');
    if (cells > IMPORT_MAX_CELLS) {
      throw new UserInputError(
        `A sheet of the workbook has more than ${IMPORT_MAX_CELLS.toLocaleString('en-US')} filled cells: keep the catalogue's columns only, or split it into several files`,
        'IMPORT_TOO_MANY_CELLS',
      );
    }
  }
}
