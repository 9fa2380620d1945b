// /socios/memoriales (issue 30 §3, §5): what the funeral home sold — whether the family activated it,
// until when the funeral phase lasts, visits and memories counted — never the memorials' content,
// which is the families'. Until the family activates, the rites can be corrected here; the print kit
// is for one memorial or for several chosen at once (one PDF of cards, one of plaques).
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import type { PartnerMemorialData } from '@recuerdos/shared/partner-api-types';
import { PRINT_BATCH_MAX } from '@recuerdos/shared/partner-schemas';
import { postDate } from '@recuerdos/shared/format';
import { Checkbox } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { PartnerPage } from '../../../components/partner/partner-page';
import { Spinner } from '../../../components/spinner';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import { downloadPartnerFile } from '../../../lib/partner/partner-api';
import { usePartnerSession } from '../../../lib/partner/partner-session';
import { useMemorials } from '../api/memorials';
import { CorrectRitesDialog } from './correct-rites-dialog';

const STATE_LABELS: Record<PartnerMemorialData['state'], string> = {
  pending: 'Por activar',
  active: 'Activado por la familia',
  expired: 'Vencido',
};

function limaDay(iso: string): string {
  return new Intl.DateTimeFormat('es-PE', { timeZone: 'America/Lima', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));
}

/** Until when the QR page shows the rites first with the funeral home's line (decision 031 §4). */
export function funeralPhaseText(until: string | null): string {
  return until ? `Etapa del funeral hasta el ${postDate(until)}` : 'La etapa del funeral terminó: el memorial ya es solo de la familia';
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
          <p>
            Los códigos QR del recordatorio y de la placa llevan al enlace permanente del memorial: siguen funcionando aunque termine la relación de tu empresa con Recuerdos (<Link to="/socios/condiciones">condiciones para socios</Link>).
          </p>
        </>
      }
    >
      <MemorialList />
    </PartnerPage>
  );
}

function MemorialList() {
  const memorials = useMemorials();
  const [editing, setEditing] = useState<PartnerMemorialData | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  if (memorials.isPending) return <Spinner label="Cargando memoriales" />;
  if (memorials.isError) return <FormAlert tone="error">{errorMessage(memorials.error)}</FormAlert>;
  const rows = memorials.data.memorials;
  if (rows.length === 0) return <p>Aún no registraste memoriales.</p>;
  const toggle = (contract: string, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(contract);
      else next.delete(contract);
      return next;
    });
  // In the list's order, whatever order they were ticked in.
  const selected = rows.filter((row) => chosen.has(row.contract));
  return (
    <>
      <BatchPrint selected={selected} onClear={() => setChosen(new Set())} />
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
            <p className="partner-list__phase">{funeralPhaseText(row.funeralUntil)}</p>
            <a href={row.guestUrl}>Ver el memorial de {row.person}</a>
            {row.canCorrectRites ? (
              <div>
                <Button variant="secondary" size="sm" onClick={() => setEditing(row)} aria-label={`Corregir ritos de ${row.person}`}>
                  Corregir ritos
                </Button>
              </div>
            ) : null}
            <PrintKit contract={row.contract} person={row.person} />
            <Checkbox label={`Elegir para imprimir varios: ${row.person}`} checked={chosen.has(row.contract)} onChange={(event) => toggle(row.contract, event.currentTarget.checked)} />
          </li>
        ))}
      </ul>
      {editing ? <CorrectRitesDialog memorial={editing} onClose={() => setEditing(null)} /> : null}
    </>
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

type BatchKind = 'cards-a6' | 'cards-wallet' | 'plaques';

const BATCH_FILES: Record<BatchKind, { path: string; size?: string; name: string; label: string }> = {
  'cards-a6': { path: '/print/cards.pdf', size: 'a6', name: 'recordatorios-a6.pdf', label: 'Recordatorios A6 (PDF)' },
  'cards-wallet': { path: '/print/cards.pdf', size: 'wallet', name: 'recordatorios-billetera.pdf', label: 'Recordatorios de billetera (PDF)' },
  plaques: { path: '/print/plaques.pdf', name: 'placas.pdf', label: 'Placas 10 × 10 cm (PDF)' },
};

/** One PDF with the chosen memorials' cards (or plaques), a page each. */
function BatchPrint({ selected, onClear }: { selected: PartnerMemorialData[]; onClear: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<BatchKind | null>(null);
  const count = selected.length;
  const tooMany = count > PRINT_BATCH_MAX;
  const get = (kind: BatchKind) => {
    const file = BATCH_FILES[kind];
    const query = new URLSearchParams({ numbers: selected.map((row) => row.contract).join(',') });
    if (file.size) query.set('size', file.size);
    setBusy(kind);
    setError(null);
    downloadPartnerFile(`${file.path}?${query.toString()}`, file.name)
      .catch((err: unknown) => setError(errorMessage(err)))
      .finally(() => setBusy(null));
  };
  return (
    <section className="partner-fieldset" aria-labelledby="batch-print-title">
      <h2 id="batch-print-title" className="partner-list__title">
        Imprimir varios a la vez
      </h2>
      <p aria-live="polite">
        {count === 0
          ? 'Marca «Elegir para imprimir varios» en los memoriales que quieras: descargarás un solo PDF con una página por memorial.'
          : count === 1
            ? '1 memorial elegido.'
            : `${count} memoriales elegidos.`}
      </p>
      {tooMany ? <FormAlert tone="error">{`Puedes imprimir hasta ${PRINT_BATCH_MAX} memoriales en un archivo: quita ${count - PRINT_BATCH_MAX}.`}</FormAlert> : null}
      <div className="partner-nav">
        {(Object.keys(BATCH_FILES) as BatchKind[]).map((kind) => (
          <Button key={kind} variant="secondary" size="sm" disabled={count === 0 || tooMany} loading={busy === kind} onClick={() => get(kind)}>
            {BATCH_FILES[kind].label}
          </Button>
        ))}
        {count > 0 ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Quitar la selección
          </Button>
        ) : null}
      </div>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
    </section>
  );
}
