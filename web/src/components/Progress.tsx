import styled from 'styled-components';

export type ProgressTone = 'primary' | 'success' | 'warning' | 'danger';

/** A progress bar; `value` 0-100 (clamped). */
export function Progress({ value, tone = 'primary', label }: { value: number; tone?: ProgressTone; label: string }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <Track data-tone={tone} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(clamped)}>
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
const Bar = styled.div<{ $tone: ProgressTone }>`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme, $tone }) => theme.color[$tone]};
  transition: width 200ms ease;
`;
