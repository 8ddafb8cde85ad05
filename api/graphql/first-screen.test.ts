import { describe, expect, it } from 'vitest';
import { dataBlock } from './first-screen.ts';

describe('the first screen data block', () => {
  it("holds JSON that no text of the user's can end or turn into markup", () => {
    const data = { description: '</script><script>alert(1)</script><!-- x', note: 'a < b' };
    const block = dataBlock('first-screen', data);
    const inner = /^<script type="application\/json" id="first-screen">(.*)<\/script>$/s.exec(block)![1]!;
    expect(inner).not.toContain('<');
    expect(JSON.parse(inner)).toEqual(data);
  });
});
