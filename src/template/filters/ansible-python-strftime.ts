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

const pad = (n: number, width = 2, fill = '0'): string => String(n).padStart(width, fill);

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

export function strftime(format: string, t: BrokenDownTime): string {
  return format.replace(/%([-_0^#]?)([a-zA-Z%+])/g, (whole, flag: string, c: string) => {
    const num = (n: number, width = 2): string => (flag === '-' ? String(n) : flag === '_' ? pad(n, width, ' ') : pad(n, width));
    switch (c) {
      case 'a':
        return (DAYS[t.weekday] as string).slice(0, 3);
      case 'A':
        return DAYS[t.weekday] as string;
      case 'b':
      case 'h':
        return (MONTHS[t.month] as string).slice(0, 3);
      case 'B':
        return MONTHS[t.month] as string;
      case 'c':
        return strftime('%a %b %e %H:%M:%S %Y', t);
      case 'C':
        return num(Math.floor(t.year / 100));
      case 'd':
        return num(t.day);
      case 'D':
        return strftime('%m/%d/%y', t);
      case 'e':
        return flag === '' ? pad(t.day, 2, ' ') : num(t.day);
      case 'F':
        return strftime('%Y-%m-%d', t);
      case 'G':
        return String(isoWeek(t)[0]);
      case 'g':
        return num(isoWeek(t)[0] % 100);
      case 'H':
        return num(t.hour);
      case 'I':
        return num(t.hour % 12 === 0 ? 12 : t.hour % 12);
      case 'j':
        return num(t.yearday + 1, 3);
      case 'k':
        return pad(t.hour, 2, ' ');
      case 'l':
        return pad(t.hour % 12 === 0 ? 12 : t.hour % 12, 2, ' ');
      case 'm':
        return num(t.month + 1);
      case 'M':
        return num(t.minute);
      case 'n':
        return '\n';
      case 'p':
        return t.hour < 12 ? 'AM' : 'PM';
      case 'P':
        return t.hour < 12 ? 'am' : 'pm';
      case 'r':
        return strftime('%I:%M:%S %p', t);
      case 'R':
        return strftime('%H:%M', t);
      case 's':
        return String(t.epoch);
      case 'S':
        return num(t.second);
      case 't':
        return '\t';
      case 'T':
        return strftime('%H:%M:%S', t);
      case 'u':
        return String(t.weekday === 0 ? 7 : t.weekday);
      case 'U':
        return num(Math.floor((t.yearday + 7 - t.weekday) / 7));
      case 'V':
        return num(isoWeek(t)[1]);
      case 'w':
        return String(t.weekday);
      case 'W':
        return num(Math.floor((t.yearday + 7 - ((t.weekday + 6) % 7)) / 7));
      case 'x':
        return strftime('%m/%d/%y', t);
      case 'X':
        return strftime('%H:%M:%S', t);
      case 'y':
        return num(t.year % 100);
      case 'Y':
        return String(t.year);
      case 'z': {
        const o = t.utcOffsetMinutes;
        return `${o < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(o) / 60))}${pad(Math.abs(o) % 60)}`;
      }
      case 'Z':
        return t.zone;
      case '%':
        return '%';
      default:
        return whole;
    }
  });
}
