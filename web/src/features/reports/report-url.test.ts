import { describe, expect, it } from 'vitest';
import { toGlobalId } from '../../lib/global-id.ts';
import { exportPath, readReportView, reportVariables, searchOfView, transactionsLink } from './report-url.ts';

const url = (s: string) => new URLSearchParams(s);
const account = toGlobalId('Account', 'acc-1');

describe("the Reports screen's URL", () => {
  it('reads a period and offset, a custom range and an account, and writes back only what differs from the defaults', () => {
    expect(readReportView(url('')).view).toEqual({ period: 'MONTH', offset: 0, from: '', to: '', accountId: '' });
    const moved = readReportView(url(`period=week&offset=-2&accountId=${account}`)).view;
    expect(moved).toEqual({ period: 'WEEK', offset: -2, from: '', to: '', accountId: account });
    expect(searchOfView(moved).toString()).toBe(`period=WEEK&offset=-2&accountId=${encodeURIComponent(account)}`);
    const custom = readReportView(url('from=2026-01-01&to=2026-03-31')).view;
    expect(searchOfView(custom).toString()).toBe('from=2026-01-01&to=2026-03-31');
    expect(reportVariables(url('from=2026-01-01&to=2026-03-31'))).toEqual({
      period: 'MONTH',
      offset: null,
      from: '2026-01-01',
      to: '2026-03-31',
      accountId: null,
    });
  });

  it('falls back to the period ending today when the rules refuse the window, with the message', () => {
    expect(readReportView(url('offset=3'))).toMatchObject({
      view: { offset: 0 },
      errors: { offset: 'offset must be a whole number from -1000 to 0 (0 is the period ending today)' },
    });
    expect(readReportView(url('from=2026-03-01&to=2026-01-01'))).toMatchObject({
      view: { from: '', to: '' },
      errors: { to: 'The end date must be on or after the start date' },
    });
  });

  it('exports and bar links ask for exactly the window and account on screen', () => {
    expect(exportPath('transactions.csv', readReportView(url('')).view)).toBe('/api/export/transactions.csv?period=month');
    const view = readReportView(url(`period=YEAR&offset=-1&accountId=${account}`)).view;
    expect(exportPath('report.html', view)).toBe('/api/export/report.html?period=year&offset=-1&accountId=acc-1');
    const w = { from: '2025-01-01', to: '2025-12-31' };
    expect(transactionsLink(view, w, 'Q2F0')).toBe(
      `/transactions?categoryId=Q2F0&from=2025-01-01&to=2025-12-31&accountId=${encodeURIComponent(account)}`,
    );
    expect(transactionsLink(readReportView(url('')).view, w, null)).toBe('/transactions?uncategorized=true&from=2025-01-01&to=2025-12-31');
  });
});
