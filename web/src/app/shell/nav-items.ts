import { BarChart3, CalendarClock, Repeat, LayoutDashboard, PiggyBank, PieChart, Receipt, Wallet, Landmark } from 'lucide-react';

/** docs/product.md#layout: the sidebar's items, in this order. */
export const NAV_ITEMS = [
  { to: '/', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/accounts', label: 'Accounts', icon: Landmark },
  { to: '/paycheck', label: 'Add Paycheck', icon: Wallet },
  { to: '/budget', label: 'Budget', icon: PieChart },
  { to: '/bills', label: 'Recurring Bills', icon: CalendarClock },
  { to: '/schedules', label: 'Schedules', icon: Repeat },
  { to: '/goals', label: 'Savings Goals', icon: PiggyBank },
  { to: '/transactions', label: 'Transactions', icon: Receipt },
  { to: '/reports', label: 'Reports', icon: BarChart3 },
] as const;
