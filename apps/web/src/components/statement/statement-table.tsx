// A partner's monthly statement as a table (issue 30 §6): per branch and adviser, sold, activated,
// the amount the families paid and the commission, with the totals. Shared by the partner admin's
// /socios/estado and the back office's copy, each with its own table class.
import type { PartnerStatementCounts, PartnerStatementData } from '@recuerdos/shared/partner-api-types';
import { formatSoles } from '@recuerdos/shared/money';
import { monthInWords } from '@recuerdos/shared/format';
import './statement-table.css';

function Amount({ counts }: { counts: PartnerStatementCounts }) {
  return (
    <>
      {formatSoles(counts.amountCents)}
      {counts.unpriced > 0 ? <span className="statement-table__note">{counts.unpriced === 1 ? '1 venta sin precio registrado' : `${counts.unpriced} ventas sin precio registrado`}</span> : null}
    </>
  );
}

export function StatementTable({ statement, tableClass }: { statement: PartnerStatementData; tableClass: string }) {
  const t = statement.total;
  return (
    <>
      <div className="statement-table" role="region" aria-label={`Estado de cuenta de ${monthInWords(statement.month)}`} tabIndex={0}>
        <table className={tableClass}>
          <caption>
            {statement.partner} · RUC {statement.ruc} · {monthInWords(statement.month)} · comisión {statement.commissionPercent} %
          </caption>
          <thead>
            <tr>
              <th scope="col">Sede</th>
              <th scope="col">Asesor</th>
              <th scope="col" className="statement-table__num">
                Registrados
              </th>
              <th scope="col" className="statement-table__num">
                Activados
              </th>
              <th scope="col" className="statement-table__num">
                Monto vendido
              </th>
              <th scope="col" className="statement-table__num">
                Comisión
              </th>
            </tr>
          </thead>
          <tbody>
            {statement.rows.length === 0 ? (
              <tr>
                <td colSpan={6}>No hay memoriales registrados en {monthInWords(statement.month)}.</td>
              </tr>
            ) : (
              statement.rows.map((row) => (
                <tr key={`${row.branch}|${row.seller}`}>
                  <td>{row.branch}</td>
                  <td>{row.seller}</td>
                  <td className="statement-table__num">{row.created}</td>
                  <td className="statement-table__num">{row.activated}</td>
                  <td className="statement-table__num">
                    <Amount counts={row} />
                  </td>
                  <td className="statement-table__num">{formatSoles(row.commissionCents)}</td>
                </tr>
              ))
            )}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Total
              </th>
              <td className="statement-table__num">{t.created}</td>
              <td className="statement-table__num">{t.activated}</td>
              <td className="statement-table__num">
                <Amount counts={t} />
              </td>
              <td className="statement-table__num">{formatSoles(t.commissionCents)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="statement-table__rule">
        La comisión se calcula en cada venta (precio × {statement.commissionPercent} %), redondeada al céntimo (media unidad hacia arriba), y luego se suma. Las ventas
        registradas antes de que se anotara el precio figuran «sin precio registrado»: cuentan como vendidas, sin monto ni comisión. Los activados son los que la familia
        activó hasta hoy.
      </p>
    </>
  );
}
