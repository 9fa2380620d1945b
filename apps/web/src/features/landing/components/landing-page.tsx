// The landing (spec §2): pitch, the six flyers, the plans, the WhatsApp button and a Login link.
// Desktop layout at 1000 px or more, mobile layout below; the mobile layout adds a link to the demo
// memorial when the server has one. Rendered by the server and hydrated by the doors' bundle
// (docs/decisions/015): only the carousel is interactive, so only its island is hydrated there; the
// SPA renders the whole page for in-app navigation and unlisted paths.
import type { ReactNode } from 'react';
import { AppLink } from '../../../components/app-link';
import { buttonClass } from '../../../components/button';
import { CandleIcon, CheckIcon, WhatsAppIcon } from '../../../components/icons';
import { LoginLink, MAIN_ID, SiteHeader, SkipLink } from '../../../components/public-page';
import { SiteFooter } from '../../../components/site-footer';
import { usePageMeta, type PageMeta } from '../../../lib/page-meta';
import { guestPath, siteConfig, whatsappUrl } from '../../../lib/site-config';
import { FLYERS } from '../media/catalog';
import { PLANS, PLANS_NOTE, formatSoles } from '../plans';
import { FlyerCarousel } from './flyer-carousel';
import './landing.css';

export const LANDING_META: PageMeta = {
  title: null,
  description:
    'Recuerdos: un memorial en línea para quienes amamos. Su foto, su historia y los mensajes de su familia, con un código QR en su lápida para visitarle desde el celular.',
};

/** The element the doors' bundle hydrates the carousel in (the rest of the page is static). */
export const FLYERS_ISLAND_ID = 'landing-flyers';

const STEPS = [
  {
    title: 'Contrata y activa tu cuenta',
    text: 'Te enviamos un enlace por correo electrónico para activar tu contrato y crear tu contraseña.',
  },
  {
    title: 'Completa su memorial',
    text: 'Agrega su foto, sus fechas, un epitafio y el lugar donde descansa. Suma fotos, videos y mensajes cuando quieras.',
  },
  {
    title: 'Coloca el código QR',
    text: 'En la lápida, la placa o la tarjeta de recuerdo. Quien lo escanee podrá visitarle, encender una vela y dejar flores.',
  },
] as const;

function WhatsAppButton({ label = 'Escríbenos por WhatsApp' }: { label?: string }) {
  const { contact } = siteConfig();
  return (
    <a
      className={buttonClass({ variant: 'whatsapp', size: 'lg' })}
      href={whatsappUrl(contact.whatsapp)}
      target="_blank"
      rel="noopener noreferrer"
    >
      <WhatsAppIcon />
      <span>{label}</span>
      <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
    </a>
  );
}

/** A titled section of the landing ('Cómo funciona', 'Planes'), its heading naming it. */
function LandingSection({ id, title, className = 'landing__section', children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section className={className} aria-labelledby={id}>
      <div className="container">
        <h2 id={id} className="landing__section-title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

export function LandingPage() {
  usePageMeta(LANDING_META.title, LANDING_META.description);
  const { demoIdentifier } = siteConfig();

  return (
    <div className="landing">
      <SkipLink />
      <SiteHeader action={<LoginLink />} />
      <main id={MAIN_ID} tabIndex={-1} className="landing__main">
        <section className="landing__hero" aria-labelledby="landing-title">
          <div className="container landing__hero-grid">
            <div className="landing__pitch">
              <p className="landing__kicker">
                <CandleIcon />
                <span>Memoriales en línea</span>
              </p>
              <h1 id="landing-title" className="landing__title">
                Un lugar para recordar a quienes amamos
              </h1>
              <p className="landing__lead">
                Reúne su historia, sus fotos y los mensajes de quienes le quisieron. Con un código QR en su lápida, familiares y amigos
                pueden visitarle desde el celular, encender una vela y dejarle flores, estén donde estén.
              </p>
              <div className="landing__actions">
                <WhatsAppButton />
                {demoIdentifier ? (
                  <AppLink className={buttonClass({ variant: 'secondary', size: 'lg', className: 'landing__demo' })} to={guestPath(demoIdentifier)}>
                    Ver un memorial de ejemplo
                  </AppLink>
                ) : null}
              </div>
              <p className="landing__login-hint">
                ¿Ya tienes una cuenta? <AppLink to="/login">Inicia sesión</AppLink>
              </p>
            </div>
            <div className="landing__carousel" id={FLYERS_ISLAND_ID}>
              <FlyerCarousel images={FLYERS} />
            </div>
          </div>
        </section>

        <LandingSection id="landing-steps" title="Cómo funciona">
        <ol className="landing__steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="landing__step">
              <span className="landing__step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        </LandingSection>

        <LandingSection id="landing-pricing" title="Planes" className="landing__section landing__section--pricing">
        <p className="landing__pricing-lead">
          Un solo pago, sin mensualidades. Elige el plan que mejor acompañe a tu familia; si tienes dudas, escríbenos y te ayudamos a
          elegir con calma.
        </p>
        <ul className="plans">
          {PLANS.map((plan) => (
            <li key={plan.name} className={plan.recommended ? 'plan plan--recommended' : 'plan'}>
              <h3 className="plan__name">Plan {plan.name}</h3>
              {plan.recommended ? <p className="plan__badge">Recomendado</p> : null}
              <p className="plan__price">
                <span className="plan__amount" aria-hidden="true">
                  {formatSoles(plan.price)}
                </span>
                <span className="visually-hidden">{plan.price} soles</span> <span className="plan__once">pago único</span>
              </p>
              <ul className="plan__features">
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <CheckIcon />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p className="landing__pricing-note">{PLANS_NOTE}</p>
        <div className="landing__pricing-action">
          <WhatsAppButton label="Consultar por WhatsApp" />
        </div>
        </LandingSection>

        <section className="landing__closing" aria-label="Nuestro propósito">
          <div className="container">
            <p className="landing__quote">Porque recordar también es una forma de amar.</p>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
