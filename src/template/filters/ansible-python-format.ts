/** Python's `'%.Nf' % x`: round-half-even on the exact binary value, where JS rounds ties up. */
export function formatFixed(x: number, digits: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf';
  // NOTE: Python keeps a negative zero's sign ('%.2f' % -0.0 is '-0.00'); JavaScript drops it.
  const text = Object.is(x, -0) ? `-${(0).toFixed(digits)}` : x.toFixed(digits);
  const exact = Math.abs(x).toFixed(Math.min(100, digits + 60));
  const tail = exact.slice(exact.length - (Math.min(100, digits + 60) - digits));
  if (/^50*$/.test(tail)) {
    // An exact tie: Python keeps the even last digit, JS went away from zero.
    const down = (Math.sign(x) * (Math.abs(Number(x.toFixed(digits))) - 10 ** -digits)).toFixed(digits);
    const lastDigit = Number(text.replace(/[^0-9]/g, '').slice(-1));
    if (lastDigit % 2 === 1) return down;
  }
  return text;
}
