import { escapeHtml } from '../../lib/html.ts';
import { formatCalendarDate } from '../../lib/dates.ts';
import { formatMoney, type Decimal } from '../../lib/money.ts';
import type { Report } from './reports.service.ts';
import { PERIOD_WORD } from './report-window.ts';

function dollars(value: Decimal) {
  const s = formatMoney(value);
  const negative = s.startsWith('-');
  const [whole, cents] = (negative ? s.slice(1) : s).split('.');
  return `${negative ? '-' : ''}$${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** A transaction's category, or a split one's lines: "Groceries $40.00, Household $20.00". */
function categoryCell(t: { category?: { name: string } | null; splits?: { amount: Decimal; category: { name: string } | null }[] }) {
  if (!t.splits?.length) return escapeHtml(t.category?.name ?? 'Uncategorized');
  return t.splits.map((line) => `${escapeHtml(line.category?.name ?? 'Uncategorized')} ${dollars(line.amount)}`).join(', ');
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * The printable report (docs/product.md#exports): self-contained HTML (inline CSS, no scripts), laid out for A4 and
 * Letter, with every piece of user text escaped.
 */
export function htmlReport(
  report: Report,
  transactions: {
    date: Date;
    description: string;
    amount: Decimal;
    kind: string;
    category?: { name: string } | null;
    splits?: { amount: Decimal; category: { name: string } | null }[];
  }[],
  owner: string,
  accountName: string | null = null,
) {
  const word = report.window.period ? PERIOD_WORD[report.window.period] : 'custom range';
  const title = `Financial Report — ${word[0]!.toUpperCase()}${word.slice(1)}`;
  const rows = (cells: string[][]) =>
    cells.map((c) => `<tr>${c.map((v, i) => `<td${i > 0 && /^-?\$/.test(v) ? ' class="num"' : ''}>${v}</td>`).join('')}</tr>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
  @page { size: auto; margin: 16mm; }
  body { font: 11pt/1.45 -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #0f172a; margin: 0 auto; max-width: 180mm; }
  h1 { font-size: 20pt; margin: 0 0 2mm; } h2 { font-size: 13pt; margin: 8mm 0 3mm; }
  .meta { color: #526074; margin-bottom: 6mm; }
  .cards { display: grid; grid-template-columns: repeat(4, 1fr); gap: 3mm; }
  .card { border: 1px solid #d5dae4; border-radius: 3mm; padding: 3mm 4mm; }
  .card b { display: block; font-size: 14pt; margin-top: 1mm; } .neg { color: #c8242f; }
  table { width: 100%; border-collapse: collapse; } th, td { text-align: left; padding: 1.6mm 2mm; border-bottom: 1px solid #e2e6ee; }
  th { font-size: 9pt; text-transform: uppercase; letter-spacing: .04em; color: #526074; } .num { text-align: right; font-variant-numeric: tabular-nums; }
  thead { display: table-header-group; } tr { break-inside: avoid; } section { break-inside: avoid-page; }
  .transactions { break-before: auto; }
</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="meta">${escapeHtml(owner)} · ${LONG_DATE.format(report.from)} – ${LONG_DATE.format(report.to)}${accountName === null ? '' : ` · Account: ${escapeHtml(accountName)}`}</p>
<section class="cards">
  <div class="card">Total Income<b>${dollars(report.totalIncome)}</b></div>
  <div class="card">Total Spent<b>${dollars(report.totalSpent)}</b>${report.transactionCount} transactions</div>
  <div class="card">Net Savings<b${report.netSavings.isNegative() ? ' class="neg"' : ''}>${dollars(report.netSavings)}</b></div>
  <div class="card">Savings Rate<b>${report.savingsRate}%</b></div>
</section>
<section><h2>Spending by Category</h2>
<table><thead><tr><th>Category</th><th class="num">Spent</th></tr></thead><tbody>
${rows(report.spendingByCategory.map((s) => [escapeHtml(s.name), dollars(s.amount)]))}
</tbody></table></section>
<section><h2>Budget vs Actual</h2>
<table><thead><tr><th>Category</th><th class="num">Allocated</th><th class="num">Budget for the period</th><th class="num">Spent</th></tr></thead><tbody>
${rows(report.budgetVsActual.map((b) => [escapeHtml(b.category.name), dollars(b.allocated), dollars(b.envelope), `${b.overEnvelope ? '<span class="neg">' : ''}${dollars(b.spent)}${b.overEnvelope ? '</span>' : ''}`]))}
</tbody></table></section>
<section class="transactions"><h2>Recent Transactions</h2>
<table><thead><tr><th>Date</th><th>Description</th><th>Category</th><th class="num">Amount</th></tr></thead><tbody>
${rows(transactions.map((t) => [formatCalendarDate(t.date), escapeHtml(t.description), categoryCell(t), dollars(t.kind === 'refund' ? t.amount : t.amount.negated())]))}
</tbody></table></section>
</body></html>`;
}
