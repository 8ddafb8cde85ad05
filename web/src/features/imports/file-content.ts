/**
 * A chosen file as the import sends it (docs/product.md#import): its text when it is UTF-8, else its
 * bytes in base64 for the server to read as Windows-1252. The file is read in the browser.
 */
export interface FileContent {
  fileName: string;
  content: string;
  base64: boolean;
}

export async function readChosenFile(file: File): Promise<FileContent> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return { fileName: file.name, content: new TextDecoder('utf-8', { fatal: true }).decode(bytes), base64: false };
  } catch {
    let binary = '';
    // In slices: String.fromCharCode takes a bounded number of arguments.
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { fileName: file.name, content: btoa(binary), base64: true };
  }
}
