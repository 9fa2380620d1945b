// What the family prints (beyond the spec, issues 6 and 14 §3): the memorial's QR code with its
// short link printed under it, for the plaque (PNG for everyone, SVG for print shops), and the
// remembrance card ("recordatorio") handed out at the wake, as a PDF in A6 or wallet size.
import type { ReactNode } from 'react';
import { QrIcon } from '../../../components/account-icons';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { useDownloadPrintable, type Printable } from '../api/download-qr';

export function QrDownload({ identifier }: { identifier: string }) {
  const download = useDownloadPrintable(identifier);
  const button = (what: Printable, variant: 'secondary' | 'ghost', label: string, icon?: ReactNode) => (
    <Button variant={variant} size="sm" icon={icon} loading={download.isPending && download.variables === what} disabled={download.isPending} onClick={() => download.mutate(what)}>
      {label}
    </Button>
  );
  return (
    <div className="qr-download">
      <p className="qr-download__title">Código QR del perfil</p>
      <p className="qr-download__text">Para la lápida, la placa o el recordatorio: al escanearlo, se abre el perfil.</p>
      <div className="qr-download__actions">
        {button('png', 'secondary', 'Descargar código QR', <QrIcon />)}
        {button('svg', 'ghost', 'Versión SVG para imprenta')}
      </div>
      <p className="qr-download__title qr-download__title--next">Recordatorio para imprimir</p>
      <p className="qr-download__text">Con la foto, el nombre, las fechas, el epitafio y el código QR, listo para el velorio o la misa.</p>
      <div className="qr-download__actions">
        {button('a6', 'secondary', 'Recordatorio A6 (PDF)')}
        {button('wallet', 'ghost', 'Tamaño billetera (PDF)')}
      </div>
      {download.isError ? <FormAlert tone="error">{errorMessage(download.error)}</FormAlert> : null}
    </div>
  );
}
