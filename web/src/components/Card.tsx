import styled from 'styled-components';

export const Card = styled.section`
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.color.shadow};
  padding: 1.25rem;
  min-width: 0;
`;

export const CardHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-bottom: 1rem;
  h2 {
    font-size: 1.05rem;
    font-weight: 700;
  }
`;

/** A summary figure: a label, a big value, a hint line. */
export function StatCard({
  label,
  value,
  hint,
  icon,
  tone,
}: {
  label: string;
  value: string;
  hint?: string;
  icon?: React.ReactNode;
  tone?: 'danger' | 'success';
}) {
  return (
    <Card aria-label={label}>
      <StatTop>
        <span>{label}</span>
        {icon}
      </StatTop>
      <StatValue $tone={tone}>{value}</StatValue>
      {hint && <StatHint>{hint}</StatHint>}
    </Card>
  );
}

const StatTop = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.88rem;
  font-weight: 600;
  svg {
    width: 1.1rem;
    height: 1.1rem;
  }
`;
const StatValue = styled.div<{ $tone?: 'danger' | 'success' }>`
  margin-top: 0.5rem;
  font-size: 1.65rem;
  font-weight: 750;
  letter-spacing: -0.01em;
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.color.danger : $tone === 'success' ? theme.color.success : theme.color.text)};
`;
const StatHint = styled.div`
  margin-top: 0.2rem;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.82rem;
`;

export const Grid = styled.div<{ $min?: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ $min = '220px' }) => $min}, 1fr));
  gap: 1rem;
`;
