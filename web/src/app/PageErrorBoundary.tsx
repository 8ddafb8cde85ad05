import { Component, useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { AlertTriangle } from 'lucide-react';
import { isUnauthorizedError } from '../lib/http-error.ts';
import { useUnauthorizedHandler } from './unauthorized.ts';
import { PageSkeleton } from '../components/Skeleton.tsx';
import { Button, LinkButton } from '../components/Button.tsx';

/**
 * Catches a screen's loading errors: unauthorized → the sign-in redirect; else what `recover`
 * makes of the error, if anything; else a retry card, or `fallback` where a part of the page can
 * do without its data.
 */
export class PageErrorBoundary extends Component<
  { children: ReactNode; on?: 'dashboard' | 'other'; fallback?: ReactNode; recover?(error: unknown): ReactNode | undefined },
  { error: unknown }
> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (isUnauthorizedError(error)) return <Unauthorized error={error} on={this.props.on ?? 'other'} />;
    const recovered = this.props.recover?.(error);
    if (recovered !== undefined) return recovered;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return <LoadFailed onRetry={() => this.setState({ error: undefined })} />;
  }
}

/**
 * "Something went wrong" where a screen should be: Try again, and (`home`) a way back to the
 * Dashboard, for an error that may come back on the same screen.
 */
export function LoadFailed({ onRetry, home }: { onRetry(): void; home?: boolean }) {
  return (
    <Failed role="alert">
      <AlertTriangle aria-hidden />
      <h2>Something went wrong</h2>
      <p>This screen could not be loaded. Check your connection and try again.</p>
      <div>
        <Button type="button" onClick={onRetry}>
          Try again
        </Button>
        {home && (
          <LinkButton as={Link} to="/" $variant="secondary">
            Go to the Dashboard
          </LinkButton>
        )}
      </div>
    </Failed>
  );
}

export function Unauthorized({ error, on }: { error: unknown; on: 'dashboard' | 'other' }) {
  const handle = useUnauthorizedHandler();
  useEffect(() => void handle(error, on), [error, handle, on]);
  return <PageSkeleton />;
}

const Failed = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.6rem;
  text-align: center;
  padding: 3rem 1rem;
  svg {
    color: ${({ theme }) => theme.color.danger};
    width: 2rem;
    height: 2rem;
  }
  p {
    color: ${({ theme }) => theme.color.textMuted};
  }
  & > div {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 0.5rem;
  }
`;
