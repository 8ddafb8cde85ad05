import * as RadixTabs from '@radix-ui/react-tabs';
import styled from 'styled-components';

export const Tabs = RadixTabs.Root;
export const TabsContent = RadixTabs.Content;

export const TabsList = styled(RadixTabs.List)`
  display: inline-flex;
  gap: 0.25rem;
  padding: 0.25rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceMuted};
  margin-bottom: 1rem;
  max-width: 100%;
  overflow-x: auto;
`;

export const Tab = styled(RadixTabs.Trigger)`
  border: 0;
  background: transparent;
  padding: 0.45rem 0.9rem;
  border-radius: ${({ theme }) => theme.radius.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;
  white-space: nowrap;
  &[data-state='active'] {
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    box-shadow: ${({ theme }) => theme.color.shadow};
  }
`;
