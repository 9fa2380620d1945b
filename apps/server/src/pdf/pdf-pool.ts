// The PDF documents are built in worker threads (docs/decisions/035): pdfkit lays out text
// synchronously, and a complaints book of a few hundred pages holds the thread for a second or
// more, during which the instance would answer nobody. Built once in app.ts; the threads start with
// the first document (pdfkit and the fonts are then loaded in them, never in the main thread, issue
// 25 §2), take one document at a time each, and end when the app closes.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PdfInput, PdfKind } from './renderers';

export interface PdfBuilder {
  /** The document's bytes, built in a worker thread. */
  build<K extends PdfKind>(kind: K, input: PdfInput<K>): Promise<Buffer>;
  /** Ends the threads; a document still waiting is refused. */
  close(): Promise<void>;
}

interface Job {
  kind: PdfKind;
  input: unknown;
  resolve: (pdf: Buffer) => void;
  reject: (err: Error) => void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
}

type Reply = { ok: true; pdf: Uint8Array } | { ok: false; message: string; stack?: string };

/** One thread per core beyond the first, at most two: the main thread keeps a core for the requests. */
export function defaultPdfThreads(): number {
  return Math.min(2, Math.max(1, os.availableParallelism() - 1));
}

function startWorker(): Worker {
  // Compiled, this code sits in dist/server.js (or admin.js) next to dist/pdf-worker.js; from the
  // sources it is src/pdf/pdf-pool.ts, next to the worker's TypeScript.
  const fromSources = import.meta.url.endsWith('.ts');
  return new Worker(new URL(fromSources ? './pdf-worker-tsx.mjs' : './pdf-worker.js', import.meta.url));
}

export function createPdfPool(size = defaultPdfThreads()): PdfBuilder {
  const threads: Thread[] = [];
  const queue: Job[] = [];
  let closed = false;
  const closedError = () => new Error('The PDF builder is closed');

  const spawn = (): Thread => {
    const thread: Thread = { worker: startWorker(), job: null };
    // An idle thread does not keep the process alive; one building a document does (see dispatch).
    thread.worker.unref();
    thread.worker.on('message', (reply: Reply) => {
      const job = thread.job;
      thread.job = null;
      thread.worker.unref();
      if (job) {
        if (reply.ok) job.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
        else job.reject(Object.assign(new Error(reply.message), reply.stack ? { stack: reply.stack } : {}));
      }
      dispatch();
    });
    // A thread that fails (out of memory, a crash) takes its document with it; the next one starts afresh.
    const lost = (err: Error) => {
      const index = threads.indexOf(thread);
      if (index < 0) return;
      threads.splice(index, 1);
      thread.job?.reject(err);
      thread.job = null;
      dispatch();
    };
    thread.worker.on('error', lost);
    thread.worker.on('exit', (code) => lost(new Error(`The PDF thread stopped (exit code ${code})`)));
    threads.push(thread);
    return thread;
  };

  const dispatch = () => {
    while (!closed && queue.length > 0) {
      const thread = threads.find((t) => !t.job) ?? (threads.length < size ? spawn() : null);
      if (!thread) return;
      const job = queue.shift() as Job;
      thread.job = job;
      thread.worker.ref();
      try {
        thread.worker.postMessage({ kind: job.kind, input: job.input });
      } catch (err) {
        // Input that cannot cross to the thread (a function, a class instance): this document only.
        thread.job = null;
        thread.worker.unref();
        job.reject(err instanceof Error ? err : new Error(String(err)));
      }
    }
  };

  return {
    build(kind, input) {
      if (closed) return Promise.reject(closedError());
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ kind, input, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(closedError());
      await Promise.all(
        threads.splice(0).map(async (thread) => {
          thread.job?.reject(closedError());
          thread.job = null;
          await thread.worker.terminate();
        }),
      );
    },
  };
}
