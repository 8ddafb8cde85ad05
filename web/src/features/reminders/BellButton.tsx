import type { ComponentProps } from 'react';
import styled from 'styled-components';
import { Bell } from 'lucide-react';
import { Button } from '../../components/Button.tsx';

/** The bell; Radix's trigger gives it its ref and handlers (React 19: `ref` is a prop). */
export function BellButton({ unread, ...props }: { unread: number } & ComponentProps<'button'>) {
  return (
    <BellWrap
      type="button"
      $variant="ghost"
      $size="sm"
      aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
      {...props}
    >
      <Bell aria-hidden />
      {unread > 0 && <Count aria-hidden>{unread > 99 ? '99+' : unread}</Count>}
    </BellWrap>
  );
}

const BellWrap = styled(Button)`
  position: relative;
`;
const Count = styled.span`
  position: absolute;
  top: -0.2rem;
  right: -0.25rem;
  min-width: 1.1rem;
  height: 1.1rem;
  padding: 0 0.25rem;
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.color.danger};
  color: ${({ theme }) => theme.color.dangerText};
  font-size: 0.68rem;
  font-weight: 700;
  line-height: 1.1rem;
  text-align: center;
`;
