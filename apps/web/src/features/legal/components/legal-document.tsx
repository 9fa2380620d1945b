// The frame of the three legal texts: title, date of the version, a table of contents and sections.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicPage } from '../../../components/public-page';
import { LEGAL_ROUTES } from '../../../components/site-footer';
import './legal.css';

export const LEGAL_VERSION_DATE = '22 de noviembre de 2026';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

export function LegalDocument({ title, intro, sections }: LegalDocumentProps) {
  return (
    <PublicPage>
      <article className="legal">
        <h1 className="page-title">{title}</h1>
        <p className="legal__updated">Última actualización: {LEGAL_VERSION_DATE}</p>
        <div className="legal__intro">{intro}</div>
        <nav className="legal__toc" aria-label="Contenido">
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} className="legal__section" aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
        <nav className="legal__related" aria-label="Otros documentos legales">
          <Link to={LEGAL_ROUTES.terms}>Términos y condiciones</Link>
          <Link to={LEGAL_ROUTES.privacy}>Política de privacidad</Link>
          <Link to={LEGAL_ROUTES.cookies}>Política de cookies</Link>
          <Link to={LEGAL_ROUTES.complaints}>Libro de Reclamaciones</Link>
        </nav>
      </article>
    </PublicPage>
  );
}
