// GET /person/qr-code?identifier=&format=png|svg (beyond the spec, issue 6): the memorial's QR code
// for the plaque or the funeral card, as a file download.
import { downloadFile } from '../../../lib/account/download';

export type QrFormat = 'png' | 'svg';

export function downloadQr(identifier: string, format: QrFormat): Promise<string> {
  return downloadFile('/person/qr-code', { identifier, format }, `recuerdos-qr.${format}`);
}
