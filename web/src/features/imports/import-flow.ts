import type { ImportDialogPreviewMutation$data } from '../../__generated__/ImportDialogPreviewMutation.graphql.ts';
import type { FileContent } from './file-content.ts';
import type { Choices, RowChoice } from './import-rows.ts';

export type Preview = ImportDialogPreviewMutation$data['previewImport'];

/** A file's preview as the dialog shows it, with the choices made on its rows. */
export interface Shown {
  file: FileContent;
  preview: Preview;
  choices: Choices;
}

/**
 * Where an import stands (docs/product.md#import): no file (`idle`); a file being previewed
 * (`reading`: a file chosen, or its mapping changed while its last preview stays in sight);
 * its preview shown (`previewed`); its ticked rows being written (`importing`); written (`done`).
 */
export type ImportStep =
  | { step: 'idle' }
  | { step: 'reading'; file: FileContent; shown: Shown | null }
  | ({ step: 'previewed' } & Shown)
  | ({ step: 'importing' } & Shown)
  | { step: 'done'; message: string };

export interface ImportDialogState {
  open: boolean;
  /** The account the rows go into; "" for none. */
  account: string;
  /** The mapping controls unfolded. */
  mappingShown: boolean;
  /** The server's (or the size check's) refusal, shown under the file until the next preview. */
  error?: string;
  import: ImportStep;
}

export type ImportAction =
  | { type: 'opened'; account: string }
  | { type: 'closed' }
  | { type: 'accountChosen'; account: string }
  | { type: 'mappingShown'; shown: boolean }
  /** Another file (or none) chosen: what was shown goes. */
  | { type: 'fileChosen' }
  | { type: 'fileRefused'; error: string }
  /** A file sent to preview, or sent again with its mapping changed. */
  | { type: 'previewAsked'; file: FileContent }
  | { type: 'previewed'; preview: Preview }
  | { type: 'rowChosen'; index: number; choice: RowChoice }
  | { type: 'importAsked' }
  | { type: 'imported'; message: string }
  /** The server refused the preview or the import with a message for the file. */
  | { type: 'refused'; error: string }
  /** The preview or the import did not go through (the toast said why): back to what was shown. */
  | { type: 'failed' };

export const initialImportState = (account: string): ImportDialogState => ({
  open: false,
  account,
  mappingShown: false,
  import: { step: 'idle' },
});

/** The preview in sight: while it is shown, being replaced or imported. */
export function shownPreview(step: ImportStep): Shown | null {
  if (step.step === 'reading') return step.shown;
  if (step.step === 'previewed' || step.step === 'importing') return step;
  return null;
}

const withChoice = <T extends Shown>(shown: T, { index, choice }: { index: number; choice: RowChoice }): T => ({
  ...shown,
  choices: new Map(shown.choices).set(index, choice),
});

function stepAfter(step: ImportStep, action: ImportAction): ImportStep {
  const shown = shownPreview(step);
  switch (action.type) {
    case 'fileChosen':
    case 'fileRefused':
      return { step: 'idle' };
    case 'previewAsked':
      return { step: 'reading', file: action.file, shown };
    case 'previewed':
      return step.step === 'reading' ? { step: 'previewed', file: step.file, preview: action.preview, choices: new Map() } : step;
    case 'rowChosen':
      // The rows in sight can be ticked while a new preview or the import is on its way.
      if (step.step === 'reading') return step.shown ? { ...step, shown: withChoice(step.shown, action) } : step;
      return step.step === 'previewed' || step.step === 'importing' ? withChoice(step, action) : step;
    case 'importAsked':
      return step.step === 'previewed' ? { ...step, step: 'importing' } : step;
    case 'imported':
      return { step: 'done', message: action.message };
    case 'failed':
      if (step.step === 'reading') return shown ? { step: 'previewed', ...shown } : { step: 'idle' };
      return step.step === 'importing' ? { ...step, step: 'previewed' } : step;
    default:
      return step;
  }
}

export function importDialogReducer(state: ImportDialogState, action: ImportAction): ImportDialogState {
  switch (action.type) {
    case 'opened':
      return { ...state, open: true, account: action.account };
    case 'closed':
      return { ...state, open: false };
    case 'accountChosen':
      return { ...state, account: action.account };
    case 'mappingShown':
      return { ...state, mappingShown: action.shown };
    case 'fileRefused':
    case 'refused':
      return { ...state, error: action.error, import: stepAfter(state.import, action) };
    case 'previewAsked':
      return { ...state, error: undefined, import: stepAfter(state.import, action) };
    default:
      return { ...state, import: stepAfter(state.import, action) };
  }
}
