import styled from 'styled-components';
import { useToast } from '../app/toasts.tsx';

/** A secret shown only once (an API token, an invitation link): whole, selectable in one click. */
export const SecretBox = styled.output`
  display: block;
  padding: 0.75rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceMuted};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 0.9rem;
  overflow-wrap: anywhere;
  user-select: all;
`;

/** Copies a text to the clipboard, saying so (`copied`), or how to copy it by hand when the browser refuses. */
export function useCopy() {
  const toast = useToast();
  return (text: string, copied: string) =>
    navigator.clipboard.writeText(text).then(
      () => toast({ title: copied }),
      () => toast({ title: 'Error', description: 'Could not copy: select the text and copy it.', variant: 'destructive' }),
    );
}
