// 'Support contact' (spec §2): how to reach a person, by phone, e-mail or WhatsApp.
import { siteConfig, whatsappUrl } from '../lib/site-config';
import { PhoneAndEmailItems } from './contact-items';
import { WhatsAppIcon } from './icons';
import './support-contact.css';

export function SupportContact({ title = '¿Necesitas ayuda?', intro }: { title?: string; intro?: string }) {
  const { contact } = siteConfig();
  return (
    <aside className="support-contact" aria-label={title}>
      <h2 className="support-contact__title">{title}</h2>
      <p>{intro ?? 'Estamos para acompañarte. Escríbenos o llámanos y te ayudaremos con gusto.'}</p>
      <ul>
        <PhoneAndEmailItems />
        <li>
          <WhatsAppIcon />
          <a href={whatsappUrl(contact.whatsapp, 'Hola, necesito ayuda con mi cuenta de Recuerdos.')} target="_blank" rel="noopener noreferrer">
            WhatsApp<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
          </a>
        </li>
      </ul>
    </aside>
  );
}
