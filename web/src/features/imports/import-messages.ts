/** The import's toasts (docs/product.md#import); the success of an import is `importedMessage` (import-rows.ts). */
export const IMPORT_MESSAGES = {
  previewFailed: 'Could not read this file',
  importFailed: 'Could not import this file',
  undone: 'Import undone',
  undoFailed: 'Could not undo this import',
} as const;
