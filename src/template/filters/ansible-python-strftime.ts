/** glibc's strftime over a broken-down time, as Python's time.strftime calls it. */

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export interface BrokenDownTime {
  year: number;
  month: number; // 0-11
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 0 = Sunday
  yearday: number; // 0-365
  utcOffsetMinutes: number;
  zone: string;
  epoch: number;
}

export function brokenDown(epochSeconds: number, utc: boolean): BrokenDownTime {
  const d = new Date(Math.floor(epochSeconds) * 1000);
  const get = utc
    ? { y: d.getUTCFullYear(), mo: d.getUTCMonth(), da: d.getUTCDate(), h: d.getUTCHours(), mi: d.getUTCMinutes(), s: d.getUTCSeconds(), wd: d.getUTCDay() }
    : { y: d.getFullYear(), mo: d.getMonth(), da: d.getDate(), h: d.getHours(), mi: d.getMinutes(), s: d.getSeconds(), wd: d.getDay() };
  const start = Date.UTC(get.y, 0, 1);
  const yearday = Math.round((Date.UTC(get.y, get.mo, get.da) - start) / 86400000);
  const offset = utc ? 0 : -d.getTimezoneOffset();
  let zone = 'UTC';
  if (utc) zone = 'GMT';
  else {
    const name = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(d).find((p) => p.type === 'timeZoneName')?.value;
    zone = name ?? 'UTC';
  }
  return { year: get.y, month: get.mo, day: get.da, hour: get.h, minute: get.mi, second: get.s, weekday: get.wd, yearday, utcOffsetMinutes: offset, zone, epoch: Math.floor(epochSeconds) };
}

/** ISO 8601 week-based year and week number. */
function isoWeek(t: BrokenDownTime): [number, number] {
  const wday = (t.weekday + 6) % 7; // Monday = 0
  let year = t.year;
  let week = Math.floor((t.yearday - wday + 10) / 7);
  const daysIn = (y: number): number => ((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 366 : 365);
  if (week < 1) {
    year--;
    const prevYearday = t.yearday + daysIn(year);
    week = Math.floor((prevYearday - wday + 10) / 7);
  } else if (week > 52) {
    const jan1Next = (wday + daysIn(year) - t.yearday) % 7; // weekday of Jan 1 next year, Monday = 0
    if (jan1Next <= 3) {
      year++;
      week = 1;
    }
  }
  return [year, week];
}

/** Conversions glibc refuses after an E or O modifier: it copies the whole directive as it is. */
const NOT_AFTER_E = new Set('aAbBdDeFgGhHIjklmMSUVwW');
const NOT_AFTER_O = new Set('aAcDFxXY');

const COMPOSITES: Record<string, string> = { c: '%a %b %e %H:%M:%S %Y', D: '%m/%d/%y', F: '%Y-%m-%d', r: '%I:%M:%S %p', R: '%H:%M', T: '%H:%M:%S', x: '%m/%d/%y', X: '%H:%M:%S' };

/** One directive's flags: the last padding flag given (`-`, `_`, `0`), `^` and `#`, and a width. */
interface Directive {
  pad: string;
  upper: boolean;
  swapCase: boolean;
  width: number;
}

/** Text padded to the directive's width: with zeros under the `0` flag, else with spaces. */
function padded(text: string, d: Directive): string {
  return text.length < d.width ? (d.pad === '0' ? '0' : ' ').repeat(d.width - text.length) + text : text;
}

/** A number: padded to its own digits with zeros (or spaces for %e %k %l), unless a flag says otherwise, then to the width. */
function numberText(n: number, digits: number, d: Directive, spaces = false): string {
  const pad = d.pad === '' ? (spaces ? '_' : '0') : d.pad;
  const text = pad === '-' ? String(n) : String(n).padStart(digits, pad === '_' ? ' ' : '0');
  return padded(text, { ...d, pad: pad === '0' ? '0' : ' ' });
}

function wordText(word: string, d: Directive, caseOf: 'upper' | 'lower' | 'as is'): string {
  const cased = caseOf === 'upper' ? word.toUpperCase() : caseOf === 'lower' ? word.toLowerCase() : word;
  return padded(cased, d);
}

/**
 * NOTE: glibc's strftime reads `%[flags][width][E|O]conversion`: `-` drops a number's padding,
 * `_` pads it with spaces, `0` with zeros, `^` upper-cases the text, `#` swaps the case of
 * names (upper) and of %p (lower); a width pads the whole field (%z pads its sign and its
 * number each to the width). A directive it does not know is copied as written, padded too.
 */
export function strftime(format: string, t: BrokenDownTime): string {
  return format.replace(/%([-_0^#]*)(\d*)([EO]?)([\s\S])/g, (whole, flags: string, width: string, modifier: string, c: string) => {
    const d: Directive = { pad: '', upper: flags.includes('^'), swapCase: flags.includes('#'), width: width === '' ? 0 : Number(width) };
    for (const f of flags) if (f === '-' || f === '_' || f === '0') d.pad = f;
    const known = conversion(c, t, d);
    const refused = (modifier === 'E' && NOT_AFTER_E.has(c)) || (modifier === 'O' && NOT_AFTER_O.has(c));
    return known === undefined || refused ? padded(whole, d) : known;
  });
}

function conversion(c: string, t: BrokenDownTime, d: Directive): string | undefined {
  const name = (word: string): string => wordText(word, d, d.upper || d.swapCase ? 'upper' : 'as is');
  const num = (n: number, digits = 2): string => numberText(n, digits, d);
  const composite = COMPOSITES[c];
  if (composite !== undefined) return wordText(strftime(composite, t), d, d.upper ? 'upper' : 'as is');
  switch (c) {
    case 'a':
      return name((DAYS[t.weekday] as string).slice(0, 3));
    case 'A':
      return name(DAYS[t.weekday] as string);
    case 'b':
    case 'h':
      return name((MONTHS[t.month] as string).slice(0, 3));
    case 'B':
      return name(MONTHS[t.month] as string);
    case 'C':
      return num(Math.floor(t.year / 100));
    case 'd':
      return num(t.day);
    case 'e':
      return numberText(t.day, 2, d, true);
    case 'G':
      return num(isoWeek(t)[0], 1);
    case 'g':
      return num(isoWeek(t)[0] % 100);
    case 'H':
      return num(t.hour);
    case 'I':
      return num(t.hour % 12 === 0 ? 12 : t.hour % 12);
    case 'j':
      return num(t.yearday + 1, 3);
    case 'k':
      return numberText(t.hour, 2, d, true);
    case 'l':
      return numberText(t.hour % 12 === 0 ? 12 : t.hour % 12, 2, d, true);
    case 'm':
      return num(t.month + 1);
    case 'M':
      return num(t.minute);
    case 'n':
      return wordText('\n', d, 'as is');
    case 'p':
      return wordText(t.hour < 12 ? 'AM' : 'PM', d, d.swapCase ? 'lower' : 'as is');
    case 'P':
      return wordText(t.hour < 12 ? 'am' : 'pm', d, 'as is');
    case 's':
      return num(t.epoch, 1);
    case 'S':
      return num(t.second);
    case 't':
      return wordText('\t', d, 'as is');
    case 'u':
      return num(t.weekday === 0 ? 7 : t.weekday, 1);
    case 'U':
      return num(Math.floor((t.yearday + 7 - t.weekday) / 7));
    case 'V':
      return num(isoWeek(t)[1]);
    case 'w':
      return num(t.weekday, 1);
    case 'W':
      return num(Math.floor((t.yearday + 7 - ((t.weekday + 6) % 7)) / 7));
    case 'y':
      return num(t.year % 100);
    case 'Y':
      return num(t.year, 1);
    case 'z': {
      const o = t.utcOffsetMinutes;
      const sign = padded(o < 0 ? '-' : '+', d.pad === '0' ? d : { ...d, pad: ' ' });
      return sign + num(Math.floor(Math.abs(o) / 60) * 100 + (Math.abs(o) % 60), 4);
    }
    case 'Z':
      // NOTE: the zone name takes no width under the `-` flag (glibc pads %-5a, not %-5Z).
      return wordText(t.zone, d.pad === '-' ? { ...d, width: 0 } : d, d.upper ? 'upper' : 'as is');
    case '%':
      return wordText('%', d, 'as is');
    default:
      return undefined;
  }
}
