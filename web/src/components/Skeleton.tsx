import styled, { keyframes } from 'styled-components';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

/** A placeholder block shown while data loads. */
export const Skeleton = styled.div<{ $h?: string; $w?: string }>`
  height: ${({ $h = '1rem' }) => $h};
  width: ${({ $w = '100%' }) => $w};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceMuted};
  animation: ${pulse} 1.6s ease-in-out infinite;
`;

/** A page-shaped skeleton: a title, cards, a list. */
export function PageSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading" style={{ display: 'grid', gap: '1rem' }}>
      <Skeleton $h="2rem" $w="14rem" />
      <div style={{ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} $h="6.5rem" />
        ))}
      </div>
      <Skeleton $h="16rem" />
    </div>
  );
}
