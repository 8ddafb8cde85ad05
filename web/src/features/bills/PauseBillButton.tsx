import { PauseCircle, PlayCircle } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { useUpdateBill } from './use-update-bill.ts';
import { useReadOnlyControl } from '../../app/read-only.tsx';

/** Pause (an active bill) or Resume (an inactive one): the bill moves to the other list. */
export function PauseBillButton({ bill }: { bill: { id: string; name: string; isActive: boolean } }) {
  const [update, saving] = useUpdateBill();
  const action = bill.isActive ? 'Pause' : 'Resume';
  const toggle = () =>
    update(
      { input: { id: bill.id, isActive: !bill.isActive } },
      { success: bill.isActive ? SUCCESS.billPaused : SUCCESS.billResumed, failure: FAILURE.updateBill },
    );
  return (
    <Button
      type="button"
      $variant="secondary"
      $size="sm"
      aria-label={`${action} ${bill.name}`}
      disabled={saving}
      onClick={toggle}
      {...useReadOnlyControl()}
    >
      {bill.isActive ? <PauseCircle aria-hidden /> : <PlayCircle aria-hidden />} {action}
    </Button>
  );
}
