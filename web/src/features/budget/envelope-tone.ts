import type { ProgressTone } from '../../components/Progress.tsx';

/** An envelope's bar: amber from 80 % spent, red over 100 % (docs/product.md#budget-this-month). */
export function envelopeTone(status: string): ProgressTone {
  return status === 'OVER' ? 'danger' : status === 'NEAR' ? 'warning' : 'primary';
}

/** The bar's fill: the percentage spent, full when there is spending but no envelope. */
export function envelopeFill(percentUsed: string | null | undefined, status: string): number {
  return percentUsed == null ? (status === 'OVER' ? 100 : 0) : Number(percentUsed);
}
