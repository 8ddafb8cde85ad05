import type { CSSProperties } from 'react';
import styled, { css } from 'styled-components';

/**
 * A percentage slider (0-100, step 1): the browser's own range input, styled. Keyboard, touch and
 * screen readers come with it, and fifty of them (the Budget screen's rows) cost next to nothing to
 * draw, where fifty scripted sliders held the main thread at every navigation
 * (docs/performance.md#what-a-click-draws-reports-and-budget).
 */
export function Slider({ value, onChange, label }: { value: number; onChange(value: number): void; label: string }) {
  return (
    <Range
      type="range"
      min={0}
      max={100}
      step={1}
      value={value}
      aria-label={label}
      onChange={(e) => onChange(e.target.valueAsNumber)}
      style={{ '--fill': `${value}%` } as CSSProperties}
    />
  );
}

const thumb = css`
  width: 1.15rem;
  height: 1.15rem;
  border-radius: 999px;
  background: ${({ theme }) => theme.color.surface};
  border: 2px solid ${({ theme }) => theme.color.primary};
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.2);
`;
const Range = styled.input`
  appearance: none;
  width: 100%;
  height: 1.25rem;
  margin: 0;
  background: transparent;
  cursor: pointer;
  /* Above the row's click area (it edits the category): the track takes clicks of its own. */
  position: relative;
  z-index: 1;
  &::-webkit-slider-runnable-track {
    height: 0.35rem;
    border-radius: 999px;
    background: linear-gradient(
      to right,
      ${({ theme }) => theme.color.primary} var(--fill),
      ${({ theme }) => theme.color.surfaceMuted} var(--fill)
    );
  }
  &::-moz-range-track {
    height: 0.35rem;
    border-radius: 999px;
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  &::-moz-range-progress {
    height: 0.35rem;
    border-radius: 999px;
    background: ${({ theme }) => theme.color.primary};
  }
  &::-webkit-slider-thumb {
    appearance: none;
    margin-top: calc((0.35rem - 1.15rem) / 2);
    ${thumb}
  }
  &::-moz-range-thumb {
    ${thumb}
  }
  &:focus-visible {
    outline: none;
  }
  &:focus-visible::-webkit-slider-thumb {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  &:focus-visible::-moz-range-thumb {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;
