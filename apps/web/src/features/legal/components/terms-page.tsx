// Términos y condiciones of the memorial service.
import { Link } from 'react-router';
import { LEGAL_ROUTES } from '../../../components/site-footer';
import { usePageMeta } from '../../../lib/page-meta';
import { siteConfig } from '../../../lib/site-config';
import { LegalDocument, type LegalSection } from './legal-document';

export function TermsPage() {
  usePageMeta('Términos y condiciones', 'Las condiciones de uso del servicio de memoriales en línea de Recuerdos.');
  const { legal, contact } = siteConfig();

  const sections: LegalSection[] = [
    {
      id: 'quienes-somos',
      title: 'Quiénes somos',
      body: (
        <p>
          Recuerdos es un servicio de <strong>{legal.name}</strong>, con RUC {legal.ruc} y domicilio en {legal.address}. Puedes
          comunicarte con nosotros al {contact.phone} o a <a href={`mailto:${contact.email}`}>{contact.email}</a>.
        </p>
      ),
    },
    {
      id: 'servicio',
      title: 'El servicio',
      body: (
        <>
          <p>
            Recuerdos permite a una familia crear y mantener un memorial en línea de un ser querido fallecido: su foto, sus fechas, un
            epitafio, el lugar donde descansa y publicaciones con mensajes, fotos y videos. Cada memorial tiene un enlace y un código QR
            que puede colocarse en la lápida, una placa o una tarjeta de recuerdo.
          </p>
          <p>
            Quienes visitan un memorial pueden encender una vela, dejar flores y, si la familia lo permite, dejar un mensaje, una foto o
            un video, que solo se publica cuando la familia lo aprueba.
          </p>
        </>
      ),
    },
    {
      id: 'contratacion',
      title: 'Contratación y activación',
      body: (
        <>
          <p>
            El servicio se contrata con nuestro equipo de ventas. Las condiciones económicas, el plan elegido y su vigencia constan en tu
            contrato; los precios están expresados en soles e incluyen IGV. En este sitio web no se realizan pagos.
          </p>
          <p>
            Al registrar tu contrato te enviamos un enlace de activación a tu correo electrónico. Al activarlo aceptas estos términos y
            nuestra <Link to={LEGAL_ROUTES.privacy}>Política de privacidad</Link>.
          </p>
          <p>
            Para contratar debes ser mayor de edad y ser familiar, heredero o persona autorizada por la familia de la persona recordada.
          </p>
        </>
      ),
    },
    {
      id: 'cuenta',
      title: 'Tu cuenta',
      body: (
        <ul>
          <li>Tu contraseña es personal. Guárdala en reserva y no la compartas.</li>
          <li>Eres responsable de lo que se haga desde tu cuenta. Si sospechas que alguien más la usa, cambia tu contraseña y avísanos.</li>
          <li>Mantén actualizado tu correo electrónico: por ese medio te enviamos los avisos del servicio.</li>
        </ul>
      ),
    },
    {
      id: 'contenido',
      title: 'El contenido del memorial',
      body: (
        <>
          <p>
            La familia titular decide qué se publica en el memorial y es responsable de los datos y del contenido que sube. Al publicar
            fotos, videos o textos declaras que tienes derecho a hacerlo y que no vulneras derechos de otras personas.
          </p>
          <p>
            El memorial es un espacio de respeto. No está permitido publicar contenido ofensivo, difamatorio, violento, sexual, que
            promueva la discriminación o que sea ilegal. Podemos retirar el contenido que incumpla estas reglas o la ley, y lo haremos
            con aviso a la familia titular siempre que sea posible.
          </p>
          <p>
            Cada familia modera los recuerdos que dejan sus visitantes: puede aprobarlos, rechazarlos o eliminarlos en cualquier momento.
          </p>
        </>
      ),
    },
    {
      id: 'visitantes',
      title: 'Si visitas un memorial',
      body: (
        <ul>
          <li>Firma tus recuerdos con tu nombre real y escribe con el respeto que merecen la persona recordada y su familia.</li>
          <li>Comparte solo fotos y videos propios o que tengas permiso para compartir.</li>
          <li>
            Tus mensajes, fotos y videos quedan pendientes hasta que la familia los apruebe; la familia puede también no publicarlos o
            eliminarlos después.
          </li>
          <li>Si un memorial es privado, no compartas su código de acceso sin permiso de la familia.</li>
        </ul>
      ),
    },
    {
      id: 'propiedad',
      title: 'Propiedad intelectual',
      body: (
        <p>
          El software, el diseño y la marca Recuerdos nos pertenecen. Las fotos, videos y textos de cada memorial siguen siendo de quienes
          los crearon; al subirlos, nos autorizas a guardarlos, adaptarlos técnicamente (por ejemplo, reducir su tamaño) y mostrarlos
          dentro del memorial, solo para prestar el servicio y mientras este dure.
        </p>
      ),
    },
    {
      id: 'disponibilidad',
      title: 'Disponibilidad del servicio',
      body: (
        <p>
          Trabajamos para que los memoriales estén disponibles en todo momento y hacemos copias de respaldo periódicas. Aun así, pueden
          producirse interrupciones breves por mantenimiento o por causas ajenas a nuestro control; en esos casos restableceremos el
          servicio lo antes posible. Te recomendamos guardar también una copia de las fotos y videos que más quieras.
        </p>
      ),
    },
    {
      id: 'termino',
      title: 'Vigencia y término',
      body: (
        <p>
          El servicio dura lo que indica tu contrato. Puedes pedirnos el cierre de tu cuenta cuando quieras. Al terminar el servicio, la
          familia tiene 90 días para pedirnos una copia de sus recuerdos; después eliminamos los datos como explica nuestra Política de
          privacidad.
        </p>
      ),
    },
    {
      id: 'reclamos',
      title: 'Reclamos y quejas',
      body: (
        <p>
          Si algo no salió como esperabas, escríbenos: queremos resolverlo. También puedes registrar un reclamo o una queja en nuestro{' '}
          <Link to={LEGAL_ROUTES.complaints}>Libro de Reclamaciones</Link> virtual; te responderemos en un plazo máximo de 15 días
          hábiles.
        </p>
      ),
    },
    {
      id: 'cambios',
      title: 'Cambios en estos términos',
      body: (
        <p>
          Podemos actualizar estos términos para reflejar mejoras del servicio o cambios normativos. Publicaremos la nueva versión en esta
          página con su fecha y avisaremos por correo electrónico de los cambios importantes antes de que entren en vigor.
        </p>
      ),
    },
    {
      id: 'ley',
      title: 'Ley aplicable',
      body: (
        <p>
          Estos términos se rigen por las leyes del Perú, incluido el Código de Protección y Defensa del Consumidor (Ley N.° 29571). Nada
          de lo aquí escrito limita los derechos que la ley te reconoce como consumidor, ni tu derecho a acudir al INDECOPI.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Términos y condiciones"
      intro={<p>Estas condiciones explican cómo funciona Recuerdos y qué podemos esperar unos de otros. Léelas con calma.</p>}
      sections={sections}
    />
  );
}
