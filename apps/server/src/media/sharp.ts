// sharp (and libvips under it) is loaded at the first picture, not with the server: a process that
// never touches an image does not carry it (issue 25 §2). Only the call `sharp(input, options)` is
// forwarded, which is all the code here uses.
import { createRequire } from 'node:module';
import type Sharp from 'sharp';
import type { Sharp as SharpImage } from 'sharp';

const load = createRequire(import.meta.url);
let lib: ((...args: unknown[]) => SharpImage) | null = null;

function loadSharp(): (...args: unknown[]) => SharpImage {
  const loaded = load('sharp') as typeof Sharp;
  // libvips' operation cache (50 MB by default) pays off for the same image processed again; every
  // picture here is processed once, so the cache would only hold memory.
  loaded.cache(false);
  return loaded as (...args: unknown[]) => SharpImage;
}

export const sharp = ((...args: unknown[]) => (lib ??= loadSharp())(...args)) as typeof Sharp;
