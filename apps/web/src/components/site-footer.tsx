// The public footer (spec §2): contact phone and e-mail, terms, cookies and privacy policies, the
// complaints book and social links. Below 769 px it switches to its stacked variant (CSS).
import { siteConfig, telHref } from '../lib/site-config';
import { AppLink } from './app-link';
import { BookIcon, FacebookIcon, InstagramIcon, MailIcon, PhoneIcon, TikTokIcon } from './icons';
import { LogoMark } from './logo';
import './site-footer.css';

export const LEGAL_ROUTES = {
  terms: '/terminos',
  cookies: '/cookies',
  privacy: '/privacidad',
  complaints: '/complaints-book',
} as const;

export function SiteFooter() {
  const { contact, legal } = siteConfig();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="site-footer__name">
            <LogoMark size={32} />
            <span>Recuerdos</span>
          </p>
          <p className="site-footer__tagline">Memoriales en línea para recordar a quienes amamos.</p>
        </div>

        <nav className="site-footer__col" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            Contacto
          </h2>
          <ul>
            <li>
              <a href={telHref(contact.phone)}>
                <PhoneIcon />
                <span>
                  <span className="visually-hidden">Teléfono: </span>
                  {contact.phone}
                </span>
              </a>
            </li>
            <li>
              <a href={`mailto:${contact.email}`}>
                <MailIcon />
                <span>
                  <span className="visually-hidden">Correo electrónico: </span>
                  {contact.email}
                </span>
              </a>
            </li>
          </ul>
        </nav>

        <nav className="site-footer__col" aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="site-footer__heading">
            Información legal
          </h2>
          <ul>
            <li>
              <AppLink to={LEGAL_ROUTES.terms}>Términos y condiciones</AppLink>
            </li>
            <li>
              <AppLink to={LEGAL_ROUTES.cookies}>Política de cookies</AppLink>
            </li>
            <li>
              <AppLink to={LEGAL_ROUTES.privacy}>Política de privacidad</AppLink>
            </li>
          </ul>
        </nav>

        <div className="site-footer__col">
          <AppLink to={LEGAL_ROUTES.complaints} className="site-footer__complaints">
            <BookIcon />
            <span>Libro de Reclamaciones</span>
          </AppLink>
          <ul className="site-footer__social" aria-label="Redes sociales">
            <li>
              <a href={contact.facebookUrl} target="_blank" rel="noopener noreferrer" aria-label="Facebook (se abre en una pestaña nueva)">
                <FacebookIcon />
              </a>
            </li>
            <li>
              <a href={contact.instagramUrl} target="_blank" rel="noopener noreferrer" aria-label="Instagram (se abre en una pestaña nueva)">
                <InstagramIcon />
              </a>
            </li>
            <li>
              <a href={contact.tiktokUrl} target="_blank" rel="noopener noreferrer" aria-label="TikTok (se abre en una pestaña nueva)">
                <TikTokIcon />
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="container site-footer__legal">
        <p>
          © {year} {legal.name} · RUC {legal.ruc}
        </p>
      </div>
    </footer>
  );
}
