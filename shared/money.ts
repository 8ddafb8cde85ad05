/**
 * Money as people read it, shown by the web app and by the printable report alike (one formatter,
 * so the two never disagree). It takes money's wire form, a decimal string ("1234.5", "-12.00"),
 * and works on the string alone: no float ever touches it.
 */

/** A decimal string as money travels: optional minus, digits, up to two decimals. */
export const MONEY_TEXT = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** "$1,234.50"; negative as "-$12.00"; anything that is not a decimal string as "$0.00". */
export function formatMoney(value: string | null | undefined): string {
  const m = MONEY_TEXT.exec((value ?? '0').trim());
  if (!m) return '$0.00';
  const [, sign, whole, cents = ''] = m;
  const digits = whole!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = sign && !(/^0+$/.test(whole!) && /^0*$/.test(cents));
  return `${negative ? '-' : ''}$${digits}.${cents.padEnd(2, '0')}`;
}
