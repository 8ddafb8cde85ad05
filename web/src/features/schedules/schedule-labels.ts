import { SCHEDULE_FREQUENCY_LABELS, type ScheduleFrequency } from '../../../../shared/inputs/schedules.ts';

/** "Monthly on the last day", "Twice a month on the 1st and 15th", "Every 10 days", … */
export function describeFrequency(s: {
  frequency: string;
  interval?: number | null;
  dayOfMonth?: number | null;
  days?: readonly number[];
}): string {
  const f = s.frequency as ScheduleFrequency;
  if (f === 'every_n_days') return `Every ${s.interval} days`;
  if (f === 'monthly' && s.dayOfMonth) return s.dayOfMonth === 31 ? 'Monthly on the last day' : `Monthly on the ${ordinal(s.dayOfMonth)}`;
  if (f === 'semimonthly' && s.days?.length === 2) return `Twice a month on the ${ordinal(s.days[0]!)} and ${ordinal(s.days[1]!)}`;
  return SCHEDULE_FREQUENCY_LABELS[f] ?? s.frequency;
}

function ordinal(n: number): string {
  const suffix = n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}
