import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetChangeMarks, noteChangeMark, shownSince, streamOpenedWith } from './change-marks.ts';

describe('change marks of what the tab shows', () => {
  afterEach(forgetChangeMarks);

  it('opens the stream once an answer is in, with the earliest mark shown', async () => {
    const signal = new AbortController().signal;
    let opened: string | undefined;
    void shownSince(signal).then((mark) => (opened = mark));
    await Promise.resolve();
    expect(opened).toBeUndefined(); // nothing read yet: an answer on its way could miss a change
    noteChangeMark(null, '200');
    await vi.waitFor(() => expect(opened).toBe('200'));
    noteChangeMark(null, '150');
    noteChangeMark(null, null); // an answer without a mark (signed out) changes nothing
    expect(await shownSince(signal)).toBe('150');
  });

  it('ignores an answer for another budget than the one the tab shows', async () => {
    noteChangeMark('some-shared-budget', '100');
    noteChangeMark(null, '300');
    expect(await shownSince(new AbortController().signal)).toBe('300');
  });

  it('calls an answer read before the mark the stream opened with stale, once per lower mark', () => {
    const stale = vi.fn();
    noteChangeMark(null, '300');
    streamOpenedWith('300', stale);
    noteChangeMark(null, '300');
    noteChangeMark(null, '400'); // read after: the stream tells of any change since
    expect(stale).not.toHaveBeenCalled();
    noteChangeMark(null, '250'); // read before a change the stream was not asked about
    noteChangeMark(null, '250');
    expect(stale).toHaveBeenCalledTimes(1);
  });
});
