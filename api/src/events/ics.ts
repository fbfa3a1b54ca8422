/**
 * A small iCalendar (RFC 5545) reader and writer: enough for VEVENTs of subscribed feeds and for
 * publishing the shop's schedule. No recurrence expansion (RRULE events keep their first date).
 */

export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** A date-time as written in the feed: the wall-clock fields plus how to read them. */
export interface IcsDateTime {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  /** A DATE value (all-day). */
  allDay: boolean;
  /** 'Z' values are UTC; TZID ones are wall time in that zone; others are floating. */
  utc: boolean;
  tzid: string | null;
}

export interface IcsEvent {
  uid: string;
  recurrenceId: string | null;
  summary: string | null;
  description: string | null;
  location: string | null;
  geo: { latitude: number; longitude: number } | null;
  start: IcsDateTime | null;
  end: IcsDateTime | null;
  status: string | null;
}

/** Joins folded lines (CRLF or LF followed by a space or tab) and splits into content lines. */
export function unfold(text: string): string[] {
  return text
    .replace(/\r\n|\r/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '');
}

/** NAME;PARAM=a;PARAM2="b:c":value — colons and semicolons inside quotes belong to the param. */
export function parseLine(line: string): IcsProperty | null {
  let i = 0;
  let inQuotes = false;
  let colon = -1;
  for (; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') inQuotes = !inQuotes;
    else if (ch === ':' && !inQuotes) {
      colon = i;
      break;
    }
  }
  if (colon < 0) return null;
  const head = line.slice(0, colon);
  const parts: string[] = [];
  let current = '';
  inQuotes = false;
  for (const ch of head) {
    if (ch === '"') inQuotes = !inQuotes;
    if (ch === ';' && !inQuotes) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  const [name, ...rawParams] = parts;
  const params: Record<string, string> = {};
  for (const p of rawParams) {
    const eq = p.indexOf('=');
    if (eq > 0) params[p.slice(0, eq).toUpperCase()] = p.slice(eq + 1).replace(/^"|"$/g, '');
  }
  return { name: name.toUpperCase(), params, value: line.slice(colon + 1) };
}

export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_m, ch: string) => (ch === 'n' || ch === 'N' ? '\n' : ch));
}

export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

export function parseDateTime(prop: IcsProperty): IcsDateTime | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?(Z)?)?$/.exec(prop.value.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  const allDay = m[4] === undefined;
  const hour = allDay ? 0 : Number(m[4]);
  const minute = allDay ? 0 : Number(m[5]);
  if (hour > 23 || minute > 59) return null;
  return { year, month, day, hour, minute, allDay, utc: m[7] === 'Z', tzid: prop.params.TZID ?? null };
}

/** Every VEVENT with a UID; nested components (VALARM) are skipped. */
export function parseIcs(text: string): IcsEvent[] {
  const events: IcsEvent[] = [];
  let depth = 0;
  let current: Partial<IcsEvent> | null = null;
  let inCalendar = false;
  for (const line of unfold(text)) {
    const prop = parseLine(line);
    if (!prop) continue;
    if (prop.name === 'BEGIN') {
      const kind = prop.value.trim().toUpperCase();
      if (kind === 'VCALENDAR') inCalendar = true;
      else if (kind === 'VEVENT' && depth === 0) current = { recurrenceId: null, summary: null, description: null, location: null, geo: null, start: null, end: null, status: null };
      else if (current) depth++;
      continue;
    }
    if (prop.name === 'END') {
      const kind = prop.value.trim().toUpperCase();
      if (kind === 'VEVENT' && depth === 0 && current) {
        if (current.uid) events.push(current as IcsEvent);
        current = null;
      } else if (current && depth > 0) depth--;
      continue;
    }
    if (!current || depth > 0) continue;
    switch (prop.name) {
      case 'UID': current.uid = prop.value.trim(); break;
      case 'RECURRENCE-ID': current.recurrenceId = prop.value.trim(); break;
      case 'SUMMARY': current.summary = unescapeText(prop.value).trim() || null; break;
      case 'DESCRIPTION': current.description = unescapeText(prop.value).trim() || null; break;
      case 'LOCATION': current.location = unescapeText(prop.value).trim() || null; break;
      case 'STATUS': current.status = prop.value.trim().toUpperCase(); break;
      case 'GEO': {
        const [lat, lng] = prop.value.split(/[;,]/).map(Number);
        current.geo = Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { latitude: lat, longitude: lng } : null;
        break;
      }
      case 'DTSTART': current.start = parseDateTime(prop); break;
      case 'DTEND': current.end = parseDateTime(prop); break;
    }
  }
  if (!inCalendar && events.length === 0 && !/BEGIN:VCALENDAR/i.test(text)) throw new Error('Not an iCalendar feed');
  return events;
}

/** A line longer than 75 octets is folded: CRLF then a space, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export interface IcsOutEvent {
  uid: string;
  stamp: Date;
  summary: string;
  description?: string | null;
  location?: string | null;
  geo?: { latitude: number; longitude: number } | null;
  /** A timed event (UTC instants) or an all-day one ('YYYYMMDD', end exclusive). */
  start: Date | string;
  end: Date | string;
  url?: string | null;
}

const utcStamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export function generateIcs(calendarName: string, events: IcsOutEvent[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Cocoa Shop//Live Cocoa Tracker//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', `X-WR-CALNAME:${escapeText(calendarName)}`, 'REFRESH-INTERVAL;VALUE=DURATION:PT1H', 'X-PUBLISHED-TTL:PT1H'];
  for (const e of events) {
    lines.push('BEGIN:VEVENT', `UID:${e.uid}`, `DTSTAMP:${utcStamp(e.stamp)}`);
    if (typeof e.start === 'string') lines.push(`DTSTART;VALUE=DATE:${e.start}`, `DTEND;VALUE=DATE:${e.end as string}`);
    else lines.push(`DTSTART:${utcStamp(e.start)}`, `DTEND:${utcStamp(e.end as Date)}`);
    lines.push(`SUMMARY:${escapeText(e.summary)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    if (e.geo) lines.push(`GEO:${e.geo.latitude};${e.geo.longitude}`);
    if (e.url) lines.push(`URL:${e.url}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/**
 * The wall-clock time of a UTC instant in an IANA zone (for 'Z' values shown where the shop is).
 * Unknown zones fall back to the server's local time.
 */
export function wallTime(instant: Date, timeZone: string | undefined): { year: number; month: number; day: number; hour: number; minute: number } {
  if (timeZone) {
    try {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })
          .formatToParts(instant)
          .map((p) => [p.type, p.value]),
      );
      return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute) };
    } catch {
      // unknown zone: server time below
    }
  }
  return { year: instant.getFullYear(), month: instant.getMonth() + 1, day: instant.getDate(), hour: instant.getHours(), minute: instant.getMinutes() };
}
