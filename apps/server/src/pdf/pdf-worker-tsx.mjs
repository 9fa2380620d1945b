// The PDF worker from its TypeScript sources (npm run dev, tests, benches): a worker thread does not
// inherit the loader that `node --import tsx` gave the main thread, so it registers tsx itself.
// The compiled server starts dist/pdf-worker.js instead (scripts/build-server.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
