import { describe, expect, it } from 'vitest';
import { authorsText } from './RecordAuthors.tsx';

describe('who added and changed a record', () => {
  it('names both when another person changed it last', () => {
    expect(authorsText('Sam Lee', 'Jo Park')).toBe('Added by Sam Lee · changed by Jo Park');
  });

  it('says only who added it when they changed it themselves, or nobody did', () => {
    expect(authorsText('Sam Lee', 'Sam Lee')).toBe('Added by Sam Lee');
    expect(authorsText('Sam Lee', null)).toBe('Added by Sam Lee');
  });

  it('keeps a former member and says nothing when neither is known', () => {
    expect(authorsText('a former member', 'Jo Park')).toBe('Added by a former member · changed by Jo Park');
    expect(authorsText(null, 'Jo Park')).toBe('Changed by Jo Park');
    expect(authorsText(null, null)).toBeNull();
  });
});
