import styled from 'styled-components';

/** A progress bar; `value` 0-100 (clamped). */
export function Progress({ value, tone = 'primary', label }: { value: number; tone?: 'primary' | 'success' | 'danger'; label: string }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <Track role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(clamped)}>
      <Bar $tone={tone} style={{ width: `${clamped}%` }} />
    </Track>
  );
}

const Track = styled.div`
  height: 0.5rem;
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.color.surfaceMuted};
  overflow: hidden;
`;
const Bar = styled.div<{ $tone: 'primary' | 'success' | 'danger' }>`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme, $tone }) => theme.color[$tone]};
  transition: width 200ms ease;
`;
