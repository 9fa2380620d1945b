// A PDF worker thread (pdf-pool.ts): builds one document per message, in turn, and answers with its
// bytes (moved, not copied) or the error's message.
import { parentPort } from 'node:worker_threads';
import { PDF_RENDERERS, type PdfKind } from './renderers';

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread (pdf-pool.ts)');

port.on('message', (job: { kind: PdfKind; input: never }) => {
  PDF_RENDERERS[job.kind](job.input).then(
    (pdf) => {
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      // A document has its own memory (pdfkit concatenates its chunks); a small one may share Node's pool, so it is copied.
      const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
      port.postMessage({ ok: true, pdf: bytes }, own ? [pdf.buffer as ArrayBuffer] : []);
    },
    (err: unknown) => {
      port.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err), stack: err instanceof Error ? err.stack : undefined });
    },
  );
});
