// /socios/memoriales (issue 30 §3): what the funeral home sold — whether the family activated it,
// visits and memories counted — never the memorials' content, which is the families'.
import { useState } from 'react';
import { Navigate } from 'react-router';
import type { PartnerMemorialData } from '@recuerdos/shared/partner-api-types';
import { FormAlert } from '../../../components/form-alert';
import { PartnerPage } from '../../../components/partner/partner-page';
import { Spinner } from '../../../components/spinner';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import { downloadPartnerFile } from '../../../lib/partner/partner-api';
import { usePartnerSession } from '../../../lib/partner/partner-session';
import { useMemorials } from '../api/memorials';

const STATE_LABELS: Record<PartnerMemorialData['state'], string> = {
  pending: 'Por activar',
  active: 'Activado por la familia',
  expired: 'Vencido',
};

function limaDay(iso: string): string {
  return new Intl.DateTimeFormat('es-PE', { timeZone: 'America/Lima', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));
}

export function MemorialsPage() {
  const session = usePartnerSession();
  if (!session?.user) return <Navigate to="/socios" replace />;
  return (
    <PartnerPage
      title="Memoriales registrados"
      intro={
        <>
          <p>Cada memorial es de la familia desde que lo activa. Aquí ves si ya lo activó y cuántas visitas y recuerdos tiene, no su contenido.</p>
          <p>Los códigos QR del recordatorio y de la placa llevan al enlace permanente del memorial: siguen funcionando aunque termine la relación de tu empresa con Recuerdos.</p>
        </>
      }
    >
      <MemorialList />
    </PartnerPage>
  );
}

function MemorialList() {
  const memorials = useMemorials();
  if (memorials.isPending) return <Spinner label="Cargando memoriales" />;
  if (memorials.isError) return <FormAlert tone="error">{errorMessage(memorials.error)}</FormAlert>;
  const rows = memorials.data.memorials;
  if (rows.length === 0) return <p>Aún no registraste memoriales.</p>;
  return (
    <ul className="partner-list" aria-label="Memoriales">
      {rows.map((row) => (
        <li key={row.contract} className="partner-list__item">
          <h2 className="partner-list__title">{row.person}</h2>
          <dl className="partner-list__facts">
            <dt>Estado</dt>
            <dd>{STATE_LABELS[row.state]}</dd>
            <dt>Contrato</dt>
            <dd>{row.contract}</dd>
            <dt>Registrado</dt>
            <dd>
              {limaDay(row.soldAt)} · {row.branch} · {row.seller}
            </dd>
            <dt>Visitas</dt>
            <dd>{row.visits}</dd>
            <dt>Recuerdos</dt>
            <dd>{row.memories}</dd>
          </dl>
          <a href={row.guestUrl}>Ver el memorial de {row.person}</a>
          <PrintKit contract={row.contract} person={row.person} />
        </li>
      ))}
    </ul>
  );
}

function PrintKit({ contract, person }: { contract: string; person: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const get = (kind: 'card' | 'plaque') => {
    setBusy(kind);
    setError(null);
    const file = kind === 'card' ? 'card.pdf' : 'plaque.pdf';
    const name = kind === 'card' ? `recordatorio-${contract}.pdf` : `placa-${contract}.pdf`;
    downloadPartnerFile(`/memorials/${encodeURIComponent(contract)}/${file}`, name)
      .catch((err: unknown) => setError(errorMessage(err)))
      .finally(() => setBusy(null));
  };
  return (
    <div className="partner-nav">
      <Button variant="secondary" size="sm" loading={busy === 'card'} onClick={() => get('card')} aria-label={`Recordatorio (PDF) de ${person}`}>
        Recordatorio (PDF)
      </Button>
      <Button variant="secondary" size="sm" loading={busy === 'plaque'} onClick={() => get('plaque')} aria-label={`Placa 10 × 10 cm (PDF) de ${person}`}>
        Placa 10 × 10 cm (PDF)
      </Button>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
    </div>
  );
}
