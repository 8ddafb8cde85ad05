import { describe, expect, it } from 'vitest';
import {
  importDialogReducer,
  initialImportState,
  shownPreview,
  type ImportAction,
  type ImportDialogState,
  type Preview,
} from './import-flow.ts';

const file = { fileName: 'bank.csv', content: 'Date,Description,Amount\n', base64: false };
const other = { ...file, fileName: 'other.csv' };
const preview = (description: string): Preview => ({
  format: 'csv',
  mapping: null,
  rows: [
    {
      index: 2,
      date: '2026-03-05',
      description,
      amount: '4.50',
      kind: 'transaction',
      suggestedCategoryId: null,
      duplicateOf: null,
      movement: 'EXPENSE',
      transferAccountId: null,
      match: null,
      matchCandidates: [],
      transferMatch: null,
      error: null,
      include: true,
    },
  ],
});
const untick: ImportAction = { type: 'rowChosen', index: 2, choice: { include: false } };

const run = (actions: ImportAction[], from: ImportDialogState = initialImportState('checking')) =>
  actions.reduce(importDialogReducer, from);

/** The dialog with bank.csv previewed and its one row unticked. */
const previewed = () => run([{ type: 'previewAsked', file }, { type: 'previewed', preview: preview('Coffee') }, untick]);

describe('where an import stands', () => {
  it('goes idle → reading → previewed → importing → done', () => {
    let state = initialImportState('checking');
    expect(state.import).toEqual({ step: 'idle' });
    state = run([{ type: 'fileChosen' }, { type: 'previewAsked', file }], state);
    expect(state.import).toEqual({ step: 'reading', file, shown: null });
    expect(shownPreview(state.import)).toBeNull();
    state = run([{ type: 'previewed', preview: preview('Coffee') }], state);
    expect(state.import).toEqual({ step: 'previewed', file, preview: preview('Coffee'), choices: new Map() });
    state = run([untick, { type: 'importAsked' }], state);
    expect(state.import).toMatchObject({ step: 'importing', file, choices: new Map([[2, { include: false }]]) });
    state = run([{ type: 'imported', message: 'Imported 1 transaction and 0 paychecks' }], state);
    expect(state.import).toEqual({ step: 'done', message: 'Imported 1 transaction and 0 paychecks' });
    expect(shownPreview(state.import)).toBeNull();
  });

  it('keeps the last preview and its choices in sight while a changed mapping is read; the new preview starts its choices afresh', () => {
    const reading = run([{ type: 'previewAsked', file }], previewed());
    expect(reading.import.step).toBe('reading');
    expect(shownPreview(reading.import)).toMatchObject({ preview: preview('Coffee'), choices: new Map([[2, { include: false }]]) });
    const read = run([{ type: 'previewed', preview: preview('Coffee Shop') }], reading);
    expect(read.import).toEqual({ step: 'previewed', file, preview: preview('Coffee Shop'), choices: new Map() });
  });

  it('goes back to what was shown when a preview does not go through: the last preview, or nothing', () => {
    const again = run([{ type: 'previewAsked', file }, { type: 'failed' }], previewed());
    expect(again.import).toEqual({ step: 'previewed', file, preview: preview('Coffee'), choices: new Map([[2, { include: false }]]) });
    const first = run([{ type: 'fileChosen' }, { type: 'previewAsked', file: other }, { type: 'failed' }], previewed());
    expect(first.import).toEqual({ step: 'idle' });
  });

  it('shows a refusal under the file until the next preview is asked', () => {
    const refused = run([
      { type: 'previewAsked', file },
      { type: 'refused', error: 'File is not a CSV or OFX file we can read' },
      { type: 'failed' },
    ]);
    expect(refused).toMatchObject({ error: 'File is not a CSV or OFX file we can read', import: { step: 'idle' } });
    // Another file chosen keeps it in sight until that file is sent.
    const chosen = run([{ type: 'fileChosen' }], refused);
    expect(chosen.error).toBe('File is not a CSV or OFX file we can read');
    expect(run([{ type: 'previewAsked', file: other }], chosen).error).toBeUndefined();
  });

  it('goes back to the preview, choices kept, when an import is refused or fails: it can be tried again', () => {
    const refused = run([{ type: 'importAsked' }, { type: 'refused', error: 'Category not found' }, { type: 'failed' }], previewed());
    expect(refused).toMatchObject({
      error: 'Category not found',
      import: { step: 'previewed', file, choices: new Map([[2, { include: false }]]) },
    });
    expect(run([{ type: 'importAsked' }], refused).import.step).toBe('importing');
  });

  it('refuses a file over the size limit before reading it: nothing shown, the reason under the file', () => {
    const done = run(
      [{ type: 'imported', message: 'Imported 1 transaction and 0 paychecks' }],
      run([{ type: 'importAsked' }], previewed()),
    );
    const refused = run([{ type: 'fileRefused', error: 'The file must be at most 10 MB' }], done);
    expect(refused).toMatchObject({ error: 'The file must be at most 10 MB', import: { step: 'idle' } });
  });

  it('clears what was shown when another file (or none) is chosen', () => {
    expect(run([{ type: 'fileChosen' }], previewed()).import).toEqual({ step: 'idle' });
  });

  it('takes row choices only while a preview is in sight', () => {
    const importing = run(
      [{ type: 'importAsked' }, { type: 'rowChosen', index: 2, choice: { include: true, categoryId: null } }],
      previewed(),
    );
    expect(shownPreview(importing.import)?.choices).toEqual(new Map([[2, { include: true, categoryId: null }]]));
    expect(run([untick]).import).toEqual({ step: 'idle' });
    expect(run([{ type: 'previewAsked', file }, untick]).import).toEqual({ step: 'reading', file, shown: null });
  });

  it('opens on the account given each time, and keeps what it shows when closed', () => {
    const chosen = run(
      [
        { type: 'opened', account: 'checking' },
        { type: 'accountChosen', account: 'savings' },
      ],
      previewed(),
    );
    expect(chosen).toMatchObject({ open: true, account: 'savings' });
    const closed = run([{ type: 'closed' }], chosen);
    expect(closed).toMatchObject({ open: false, account: 'savings', import: { step: 'previewed' } });
    expect(run([{ type: 'opened', account: 'checking' }], closed)).toMatchObject({ open: true, account: 'checking' });
  });

  it('remembers whether the mapping controls are unfolded', () => {
    expect(run([{ type: 'mappingShown', shown: true }]).mappingShown).toBe(true);
    expect(
      run([
        { type: 'mappingShown', shown: true },
        { type: 'mappingShown', shown: false },
      ]).mappingShown,
    ).toBe(false);
  });
});
