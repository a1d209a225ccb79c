const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * Python's `datetime.strftime` in the C locale for a local, timezone-aware time (`astimezone()`),
 * for the directives callbacks use: %a %A %b %B %d %m %y %Y %H %I %p %M %S %f %j %z %Z %%.
 */
export function strftime(date: Date, format: string): string {
  const offsetMin = -date.getTimezoneOffset();
  return format.replace(/%([aAbBdmyYHIpMSfjzZ%])/g, (_m, d: string) => {
    switch (d) {
      case 'a':
        return (DAYS[date.getDay()] as string).slice(0, 3);
      case 'A':
        return DAYS[date.getDay()] as string;
      case 'b':
        return (MONTHS[date.getMonth()] as string).slice(0, 3);
      case 'B':
        return MONTHS[date.getMonth()] as string;
      case 'd':
        return pad(date.getDate());
      case 'm':
        return pad(date.getMonth() + 1);
      case 'y':
        return pad(date.getFullYear() % 100);
      case 'Y':
        return String(date.getFullYear());
      case 'H':
        return pad(date.getHours());
      case 'I':
        return pad(date.getHours() % 12 || 12);
      case 'p':
        return date.getHours() < 12 ? 'AM' : 'PM';
      case 'M':
        return pad(date.getMinutes());
      case 'S':
        return pad(date.getSeconds());
      case 'f':
        return pad(date.getMilliseconds() * 1000, 6);
      case 'j': {
        const start = new Date(date.getFullYear(), 0, 1);
        return pad(Math.floor((date.getTime() - start.getTime()) / 86_400_000) + 1, 3);
      }
      case 'z': {
        const sign = offsetMin < 0 ? '-' : '+';
        const abs = Math.abs(offsetMin);
        return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
      }
      case 'Z':
        return offsetMin === 0 ? 'UTC' : '';
      default:
        return '%';
    }
  });
}
