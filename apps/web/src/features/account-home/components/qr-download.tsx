// 'Descargar código QR' (beyond the spec, issue 6): the memorial's QR code with its short link
// printed under it, for the plaque or the funeral card; PNG for everyone, SVG for print shops.
import { useState } from 'react';
import { QrIcon } from '../../../components/account-icons';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { downloadQr, type QrFormat } from '../api/download-qr';

export function QrDownload({ identifier }: { identifier: string }) {
  const [running, setRunning] = useState<QrFormat | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async (format: QrFormat) => {
    setRunning(format);
    setProblem(null);
    try {
      await downloadQr(identifier, format);
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setRunning(null);
    }
  };
  return (
    <div className="qr-download">
      <p className="qr-download__title">Código QR del perfil</p>
      <p className="qr-download__text">Para la lápida, la placa o el recordatorio: al escanearlo, se abre el perfil.</p>
      <div className="qr-download__actions">
        <Button variant="secondary" size="sm" icon={<QrIcon />} loading={running === 'png'} disabled={running !== null} onClick={() => void download('png')}>
          Descargar código QR
        </Button>
        <Button variant="ghost" size="sm" loading={running === 'svg'} disabled={running !== null} onClick={() => void download('svg')}>
          Versión SVG para imprenta
        </Button>
      </div>
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
    </div>
  );
}
