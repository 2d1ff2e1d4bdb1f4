import { execFile } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

/** The text of a PDF as `pdftotext -layout` extracts it (poppler-utils), pages separated by form feeds. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return await new Promise<string>((resolve, reject) =>
      execFile('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], (err, stdout) => (err ? reject(new Error(err.message)) : resolve(stdout))),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The CreationDate of a PDF as `pdfinfo -isodates` reads it (2026-11-27T00:00:00Z). */
export async function pdfCreationDate(pdf: Buffer): Promise<string | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    const info = await new Promise<string>((resolve, reject) =>
      execFile('/usr/bin/pdfinfo', ['-isodates', file], (err, stdout) => (err ? reject(new Error(err.message)) : resolve(stdout))),
    );
    return /^CreationDate:\s+(\S+)/m.exec(info)?.[1];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** supertest's parser for a binary body: the bytes as a Buffer. */
export function binaryParser(res: import('supertest').Response, done: (err: Error | null, body: unknown) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

/** What a poppler tool (`pdfinfo`, `pdfimages -list`, ...) prints about a PDF. */
export async function popplerOutput(tool: 'pdfinfo' | 'pdfimages', args: string[], pdf: Buffer): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return await new Promise<string>((resolve, reject) =>
      execFile(`/usr/bin/${tool}`, [...args, file], (err, stdout) => (err ? reject(new Error(err.message)) : resolve(stdout))),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
