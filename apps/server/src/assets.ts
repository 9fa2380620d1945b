// Files the server ships next to its code, in apps/server/assets. This module sits at the depth of
// the compiled server (apps/server/dist/server.js), so the same path holds from the sources and from
// the build.
import path from 'node:path';

export const ASSETS_DIR = path.resolve(import.meta.dirname, '../assets');
