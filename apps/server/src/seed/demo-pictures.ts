// Illustrations for the demo memorial, drawn here as SVG (no real person's photo), and the command
// that puts them through the upload pipeline (media/picture.ts) into the files the seed stores:
//   node --import tsx apps/server/src/seed/demo-pictures.ts
// Run it after changing a drawing or the pipeline's sizes. The files ship encoded so that the first
// start, which seeds the demo, needs neither sharp nor libvips (issue 25 §2, decision 025).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PictureKind } from '@recuerdos/shared/media';
import { sharp } from '../media/sharp';
import { processPicture } from '../media/picture';
import { DEMO_PICTURES, demoPictureFiles, type DemoPictureName } from './demo';

const SIZE = 800;

function svg(body: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${body}</svg>`);
}

/** White lilies in a clay vase, on a warm wall: the memorial's profile picture. */
const LILIES = svg(`
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#efe4d6"/><stop offset="1" stop-color="#d9c4ad"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="#fff8ec" stop-opacity="0.9"/><stop offset="1" stop-color="#fff8ec" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="800" height="800" fill="url(#wall)"/>
  <rect width="800" height="800" fill="url(#glow)"/>
  <rect y="620" width="800" height="180" fill="#b99a7c"/>
  <g stroke="#5f7a4a" stroke-width="9" fill="none" stroke-linecap="round">
    <path d="M400 560 C395 450 360 360 300 260"/><path d="M400 560 C405 440 430 330 470 230"/>
    <path d="M400 560 C400 470 400 380 395 300"/><path d="M400 560 C420 470 500 400 560 340"/>
    <path d="M400 560 C380 480 300 420 240 380"/>
  </g>
  <g fill="#7f9a63"><ellipse cx="330" cy="420" rx="60" ry="16" transform="rotate(-35 330 420)"/><ellipse cx="470" cy="440" rx="62" ry="16" transform="rotate(30 470 440)"/></g>
  <g fill="#fffdf8" stroke="#e7dccd" stroke-width="3">
    ${[
      [300, 250, -20],
      [470, 220, 15],
      [395, 290, 0],
      [560, 330, 40],
      [240, 370, -45],
    ]
      .map(
        ([x, y, r]) => `<g transform="translate(${x} ${y}) rotate(${r})">
        <path d="M0 0 C-40 -30 -55 -80 -30 -110 C-15 -70 -5 -40 0 0Z"/><path d="M0 0 C40 -30 55 -80 30 -110 C15 -70 5 -40 0 0Z"/>
        <path d="M0 0 C-20 -50 -10 -100 0 -125 C10 -100 20 -50 0 0Z"/>
        <circle cx="0" cy="-40" r="5" fill="#d9a441" stroke="none"/></g>`,
      )
      .join('')}
  </g>
  <path d="M320 560 L480 560 L460 700 C455 730 345 730 340 700Z" fill="#a9603f"/>
  <path d="M320 560 L480 560 L476 590 L324 590Z" fill="#8d4d31"/>`);

/** Dawn over the Andes: for a post about her years as a teacher in Huancayo. */
const MOUNTAINS = svg(`
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3c9a0"/><stop offset="0.55" stop-color="#f7e2c8"/><stop offset="1" stop-color="#eae3d8"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#sky)"/>
  <circle cx="560" cy="330" r="70" fill="#fbe6b8"/>
  <path d="M0 470 L150 300 L260 420 L400 230 L540 400 L640 310 L800 460 L800 800 L0 800Z" fill="#8a8fa8"/>
  <path d="M400 230 L440 280 L420 290 L400 270 L380 295 L360 283Z" fill="#f4f1ec"/>
  <path d="M0 560 L180 430 L330 530 L470 420 L640 540 L800 470 L800 800 L0 800Z" fill="#6f7a62"/>
  <path d="M0 660 L220 580 L420 650 L600 590 L800 650 L800 800 L0 800Z" fill="#58684c"/>
  <g fill="#d9cdb8"><rect x="120" y="610" width="90" height="55"/><path d="M110 612 L165 575 L220 612Z" fill="#a9603f"/><rect x="150" y="630" width="22" height="35" fill="#6b4b36"/></g>`);

/** A lit candle with marigolds (flor de muerto): for the family's first-anniversary post. */
const CANDLE = svg(`
  <defs>
    <radialGradient id="halo" cx="0.5" cy="0.38" r="0.45"><stop offset="0" stop-color="#ffe7a8" stop-opacity="0.95"/><stop offset="1" stop-color="#3b3350" stop-opacity="0"/></radialGradient>
    <linearGradient id="wax" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#efe6d6"/><stop offset="0.5" stop-color="#fffaf0"/><stop offset="1" stop-color="#e2d6c2"/></linearGradient>
  </defs>
  <rect width="800" height="800" fill="#3b3350"/>
  <rect width="800" height="800" fill="url(#halo)"/>
  <rect x="345" y="330" width="110" height="330" rx="10" fill="url(#wax)"/>
  <path d="M400 330 L400 300" stroke="#3a2e25" stroke-width="5"/>
  <path d="M400 205 C430 250 430 290 400 305 C370 290 370 250 400 205Z" fill="#f7b538"/>
  <path d="M400 245 C414 270 414 290 400 298 C386 290 386 270 400 245Z" fill="#fff2c4"/>
  <rect x="250" y="655" width="300" height="26" rx="10" fill="#c9a45c"/>
  <g fill="#f29f05">${[
    [210, 680],
    [590, 680],
    [170, 640],
    [630, 640],
    [260, 705],
    [540, 705],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="34"/><circle cx="${x}" cy="${y}" r="20" fill="#e07b00"/>`)
    .join('')}</g>`);

const DRAWINGS: Record<DemoPictureName, Buffer> = { profile: LILIES, mountains: MOUNTAINS, candle: CANDLE };

/** Renders each drawing, re-encodes it as an upload would be and writes its files. */
export async function writeDemoPictures(): Promise<string[]> {
  const written: string[] = [];
  for (const [name, picture] of Object.entries(DEMO_PICTURES) as [DemoPictureName, PictureKind][]) {
    const png = await sharp(DRAWINGS[name]).png().toBuffer();
    const processed = await processPicture(png, picture);
    const bodies = [processed.jpeg, ...processed.webp.map((variant) => variant.data)];
    const files = demoPictureFiles(name);
    for (const [index, body] of bodies.entries()) {
      const file = files[index] ?? '';
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, body);
      written.push(file);
    }
  }
  return written;
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  for (const file of await writeDemoPictures()) console.log(file);
}
