// /socios/condiciones (issue 30 §5, docs/decisions/031): the terms for funeral homes and camposantos
// that sell Recuerdos — what the partner may and may not do, that every QR code it prints is the
// memorial's permanent guest link (it outlives the partnership), that the family owns the memorial
// from activation, and how the family's data are protected (Ley N.° 29733). Public, like the other
// legal texts, so a funeral home can read it before it signs.
import { Link } from 'react-router';
import { LEGAL_ROUTES } from '../../../components/site-footer';
import { usePageMeta } from '../../../lib/page-meta';
import { siteConfig } from '../../../lib/site-config';
import { LegalDocument, type LegalSection } from './legal-document';

export function PartnerTermsPage() {
  usePageMeta('Condiciones para funerarias y camposantos', 'Qué puede y qué no puede hacer una funeraria o camposanto socio de Recuerdos, a quién pertenece cada memorial y cómo se protegen los datos de las familias.');
  const { legal, contact } = siteConfig();

  const sections: LegalSection[] = [
    {
      id: 'puede',
      title: 'Lo que la funeraria puede hacer',
      body: (
        <ul>
          <li>Registrar un memorial a pedido de un familiar cercano de la persona fallecida, con su autorización expresa, que queda registrada junto con su parentesco y su DNI.</li>
          <li>Escribir los datos de la persona fallecida, una primera foto y los ritos: velorio, misa de cuerpo presente, entierro o cremación, con su lugar y hora.</li>
          <li>Corregir esos ritos mientras la familia no haya activado el memorial.</li>
          <li>Imprimir los recordatorios y las placas con el código QR del memorial, uno o varios a la vez.</li>
          <li>
            Ver de los memoriales que registró solo su estado: si la familia ya lo activó, hasta cuándo dura la etapa del funeral, y cuántas visitas y recuerdos tiene.
          </li>
          <li>Aparecer con la línea «Con el acompañamiento de…» y su logo en la página del memorial y en el recordatorio durante la etapa del funeral: hasta 30 días después del último rito, o antes si la familia lo decide.</li>
        </ul>
      ),
    },
    {
      id: 'no-puede',
      title: 'Lo que la funeraria no puede hacer',
      body: (
        <ul>
          <li>Leer el contenido de un memorial privado, ni conocer su código de acceso: no se lo mostramos en ningún momento.</li>
          <li>Cambiar nada del memorial después de que la familia lo activó: ni los datos, ni la foto, ni los ritos.</li>
          <li>Moderar, aprobar, ocultar o borrar los recuerdos que publican la familia y los visitantes.</li>
          <li>Registrar un memorial en la cuenta de una familia que ya tiene una en Recuerdos, ni usar su propio correo en lugar del de la familia.</li>
          <li>Usar los datos de la familia para otros fines, como publicidad o listas de contacto.</li>
        </ul>
      ),
    },
    {
      id: 'codigos-qr',
      title: 'Los códigos QR son permanentes',
      body: (
        <>
          <p>
            Cada código QR que la funeraria imprime, en el recordatorio o en la placa, lleva al <strong>enlace permanente del memorial</strong>, nunca a una página de la funeraria. Ese enlace sigue
            funcionando aunque termine la relación de la funeraria con Recuerdos, aunque la funeraria sea suspendida o cambie de nombre: la placa en el nicho y los recordatorios que la familia guarda no
            dejan de funcionar.
          </p>
          <p>Al terminar la etapa del funeral, la página deja de mostrar a la funeraria y queda como el memorial de la familia.</p>
        </>
      ),
    },
    {
      id: 'familia',
      title: 'El memorial es de la familia',
      body: (
        <>
          <p>
            La familia recibe en su correo el enlace para activar el memorial. Desde que lo activa, el memorial es suyo, con todos los derechos de cualquier titular de Recuerdos: cambia sus datos y su
            foto, decide si es público o privado, modera los recuerdos y puede quitar a la funeraria de la página antes de que termine la etapa del funeral. Estas condiciones no cambian los{' '}
            <Link to={LEGAL_ROUTES.terms}>términos y condiciones</Link> que la familia acepta.
          </p>
          <p>Si la funeraria deja de ser socia, los memoriales que registró siguen siendo de las familias, sin ningún cambio.</p>
        </>
      ),
    },
    {
      id: 'datos',
      title: 'Protección de los datos personales',
      body: (
        <>
          <p>
            Tratamos los datos de la familia y de la persona fallecida según la Ley N.° 29733, Ley de Protección de Datos Personales, y su Reglamento, como se explica en nuestra{' '}
            <Link to={LEGAL_ROUTES.privacy}>política de privacidad</Link>. {legal.name} es responsable de ese tratamiento; la funeraria ingresa los datos por encargo de la familia y con su
            consentimiento, y solo para crear el memorial.
          </p>
          <ul>
            <li>La funeraria guarda en reserva los datos que recibe de la familia y no los entrega a terceros.</li>
            <li>Cada asesor entra con su propia cuenta; las cuentas de administrador usan un segundo factor. Cada acción de la funeraria queda registrada.</li>
            <li>
              La familia puede ejercer sus derechos de acceso, rectificación, cancelación y oposición escribiéndonos a <a href={`mailto:${contact.email}`}>{contact.email}</a>.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'pagos',
      title: 'Pagos y comisiones',
      body: <p>Recuerdos entrega a la funeraria un estado mensual de los memoriales registrados y activados por sede y asesor. Los pagos y las comisiones se liquidan fuera de la plataforma.</p>,
    },
  ];

  return (
    <LegalDocument
      title="Condiciones para funerarias y camposantos"
      intro={
        <p>
          Estas condiciones explican cómo trabaja con Recuerdos una funeraria o camposanto socio: qué puede hacer por la familia durante el velorio y qué queda siempre en manos de la familia.
        </p>
      }
      sections={sections}
    />
  );
}
