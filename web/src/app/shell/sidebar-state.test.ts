import { describe, expect, it } from 'vitest';
import { readSidebarCookie, SIDEBAR_COOKIE_MAX_AGE, writeSidebarCookie } from './sidebar-state.ts';
import { dueLabel } from '../../features/bills/bill-labels.ts';
import { goalCategoryLabel } from '../../features/goals/goal-labels.ts';

describe('sidebar state', () => {
  it('is kept in the sidebar_state cookie for 7 days, expanded by default', () => {
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(604800);
    expect(readSidebarCookie('')).toBe(true);
    writeSidebarCookie(false);
    expect(readSidebarCookie()).toBe(false);
    expect(readSidebarCookie('theme=dark; sidebar_state=true')).toBe(true);
  });
});

describe('labels', () => {
  it('say when a bill is due and how goals are categorised', () => {
    expect(dueLabel(5)).toBe('Due in 5 days');
    expect(dueLabel(-3)).toBe('3 days overdue');
    expect(goalCategoryLabel('emergency')).toBe('Emergency Fund');
    expect(goalCategoryLabel(null)).toBe('General');
  });
});
