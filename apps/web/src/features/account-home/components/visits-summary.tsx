// How many times the memorial was opened (issue 29 §4), under the candles and flowers of the owner's
// profile card: the last seven days, 1 and 2 November (when most families and friends visit), and
// since the beginning. The family's own visits and link previews are not counted (decision 030).
import { wholeNumber } from '@recuerdos/shared/format';
import { useVisits } from '../api/get-visits';
import './visits-summary.css';

export function VisitsSummary() {
  const visits = useVisits();
  const figure = (value: number | undefined) => (value === undefined ? '—' : wholeNumber(value));
  const data = visits.data;
  return (
    <section className="visits" aria-labelledby="visits-title" aria-busy={visits.isPending}>
      <h2 id="visits-title" className="visits__title">
        Visitas al memorial
      </h2>
      {visits.isError ? (
        <p className="visits__note">No pudimos cargar las visitas. Vuelve a intentarlo en unos minutos.</p>
      ) : (
        <>
          <dl className="visits__figures">
            <div className="visits__figure">
              <dt>Últimos 7 días</dt>
              <dd>{figure(data?.week)}</dd>
            </div>
            <div className="visits__figure">
              <dt>{data ? `1 y 2 de noviembre de ${data.november.year}` : '1 y 2 de noviembre'}</dt>
              <dd>{figure(data?.november.visits)}</dd>
            </div>
            <div className="visits__figure">
              <dt>Desde el inicio</dt>
              <dd>{figure(data?.total)}</dd>
            </div>
          </dl>
          <p className="visits__note">Veces que se abrió el memorial. No se cuentan tus propias visitas ni las vistas previas de los enlaces.</p>
        </>
      )}
    </section>
  );
}
