// Turns the fixed crop of a chosen picture into the JPEG the server expects (spec §9): a square
// canvas of 800 px (posts) or 300 px (profile), quality 0.6 when the source is over 2 MB, else 1.
import { LIMITS } from '@recuerdos/shared/limits';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function jpegQualityFor(sourceBytes: number): number {
  return sourceBytes > LIMITS.reencodeThresholdBytes ? 0.6 : 1;
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The picture could not be decoded'));
    image.src = url;
  });
}

export async function cropToJpeg(source: Blob, area: PixelArea, canvasSize: number): Promise<Blob> {
  const url = URL.createObjectURL(source);
  try {
    const image = await loadImage(url);
    const canvas = document.createElement('canvas');
    canvas.width = canvasSize;
    canvas.height = canvasSize;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    // JPEG has no transparency: a PNG's transparent parts become white, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvasSize, canvasSize);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvasSize, canvasSize);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded'))), 'image/jpeg', jpegQualityFor(source.size));
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}
