// GET /person/qr-code?identifier=&format=png|svg (beyond the spec, issue 6): the memorial's QR code
// for the plaque or the funeral card, as a file download.
// GET /person/remembrance-card?identifier=&size=a6|wallet (issue 14 §3): the printable recordatorio.
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/account/download';

export type QrFormat = 'png' | 'svg';
export type CardSize = 'a6' | 'wallet';
export type Printable = QrFormat | CardSize;

export function downloadQr(identifier: string, format: QrFormat): Promise<string> {
  return downloadFile('/person/qr-code', { identifier, format }, `recuerdos-qr.${format}`);
}

export function downloadCard(identifier: string, size: CardSize): Promise<string> {
  return downloadFile('/person/remembrance-card', { identifier, size }, `recordatorio-${size}.pdf`);
}

export function downloadPrintable(identifier: string, what: Printable): Promise<string> {
  return what === 'png' || what === 'svg' ? downloadQr(identifier, what) : downloadCard(identifier, what);
}

/** A download changes nothing cached. */
export function useDownloadPrintable(identifier: string) {
  return useMutation({ mutationFn: (what: Printable) => downloadPrintable(identifier, what) });
}
