// Política de privacidad under Ley N.° 29733 (Ley de Protección de Datos Personales): what is kept
// about owners, guests and the deceased, why, for how long, and how to ask for access or deletion.
import { Link } from 'react-router';
import { LEGAL_ROUTES } from '../../../components/site-footer';
import { usePageMeta } from '../../../lib/page-meta';
import { siteConfig } from '../../../lib/site-config';
import { LegalDocument, type LegalSection } from './legal-document';

export function PrivacyPage() {
  usePageMeta('Política de privacidad', 'Cómo Recuerdos trata los datos personales de las familias, los visitantes y las personas recordadas, según la Ley N.° 29733.');
  const { legal, contact } = siteConfig();

  const sections: LegalSection[] = [
    {
      id: 'responsable',
      title: 'Quién es responsable de tus datos',
      body: (
        <>
          <p>
            El titular de los bancos de datos personales y responsable de su tratamiento es <strong>{legal.name}</strong>, con RUC{' '}
            {legal.ruc} y domicilio en {legal.address} («Recuerdos», «nosotros»).
          </p>
          <p>
            Para cualquier consulta sobre tus datos puedes escribirnos a <a href={`mailto:${contact.email}`}>{contact.email}</a> o
            llamarnos al {contact.phone}.
          </p>
        </>
      ),
    },
    {
      id: 'datos',
      title: 'Qué datos tratamos y de quién',
      body: (
        <>
          <h3>Familias titulares de una cuenta</h3>
          <ul>
            <li>Nombres, apellidos y correo electrónico, y el número de tu contrato.</li>
            <li>
              Tu contraseña, que guardamos transformada con un algoritmo de derivación segura: nadie en Recuerdos puede leerla.
            </li>
            <li>Las preferencias de cada memorial: si es público o privado, su código de acceso y qué pueden publicar los visitantes.</li>
            <li>Registros técnicos de seguridad: dirección IP, fecha y hora de los accesos y de las solicitudes de cambio de contraseña.</li>
          </ul>
          <h3>Visitantes de un memorial</h3>
          <ul>
            <li>El nombre con el que firmas un recuerdo y, solo si decides darlo, tu correo electrónico.</li>
            <li>Los mensajes, fotos y videos que envías. Las velas y flores se registran solo como un número, sin datos tuyos.</li>
            <li>
              Si ingresas a un memorial privado, un código de sesión de visitante que tu navegador guarda para no pedirte el código de
              acceso cada vez.
            </li>
            <li>La dirección IP de tus solicitudes, para protegernos de abusos.</li>
          </ul>
          <h3>La persona recordada</h3>
          <p>
            Su nombre, fotografía, fechas de nacimiento y fallecimiento, epitafio, lugar de descanso y los recuerdos publicados en su
            memorial. Estos datos los proporciona la familia titular del contrato, que declara contar con la legitimidad para hacerlo
            como familiar, heredero o persona autorizada por ellos.
          </p>
          <h3>Libro de Reclamaciones</h3>
          <p>
            Nombres, apellidos, número de documento, teléfono, correo electrónico, número de contrato y el detalle de tu reclamo o queja y
            de tu pedido.
          </p>
        </>
      ),
    },
    {
      id: 'finalidades',
      title: 'Para qué usamos tus datos',
      body: (
        <>
          <ul>
            <li>Crear, mostrar y mantener los memoriales, y permitir que las familias administren su cuenta.</li>
            <li>
              Enviarte los correos propios del servicio: activación del contrato, recuperación de contraseña, aviso de que un visitante
              dejó un recuerdo por aprobar y, si el visitante dejó su correo, aviso de que su recuerdo ya fue publicado.
            </li>
            <li>Atender tus consultas y los reclamos y quejas del Libro de Reclamaciones, como exige la ley.</li>
            <li>Proteger el servicio: limitar intentos de acceso, prevenir el fraude y el uso indebido.</li>
          </ul>
          <p>
            No usamos tus datos con fines publicitarios, no los vendemos ni los cedemos a terceros para sus propios fines, y no
            elaboramos perfiles ni tomamos decisiones automatizadas sobre ti.
          </p>
          <p>
            Tratamos los datos con tu consentimiento (que das al contratar o al enviar un recuerdo), porque son necesarios para cumplir
            el contrato, o para cumplir una obligación legal, como la del Libro de Reclamaciones.
          </p>
        </>
      ),
    },
    {
      id: 'publicidad',
      title: 'Quién puede ver un memorial',
      body: (
        <>
          <p>
            Un memorial <strong>público</strong> puede verlo cualquier persona que tenga su enlace o escanee su código QR. Un memorial{' '}
            <strong>privado</strong> solo puede verse con el código de acceso que la familia comparte.
          </p>
          <p>
            Los mensajes, fotos y videos de los visitantes no se muestran hasta que la familia los aprueba. El correo electrónico de los
            visitantes nunca se publica; solo lo ve la familia titular del memorial.
          </p>
        </>
      ),
    },
    {
      id: 'conservacion',
      title: 'Cuánto tiempo conservamos los datos',
      body: (
        <ul>
          <li>
            <strong>Cuenta y memorial:</strong> mientras el contrato esté vigente. Al terminar, la familia tiene 90 días para pedirnos una
            copia de sus recuerdos; después los eliminamos, salvo los datos que la ley nos obligue a conservar (por ejemplo, los
            tributarios) y solo por el plazo que esta señale.
          </li>
          <li>
            <strong>Recuerdos de visitantes:</strong> mientras estén publicados en el memorial. Si la familia rechaza o elimina un
            recuerdo, lo borramos junto con sus fotos o videos. El correo del visitante se conserva solo junto con su recuerdo.
          </li>
          <li>
            <strong>Sesiones:</strong> los códigos de sesión caducan solos y se invalidan al cerrar sesión o cambiar la contraseña; los
            enlaces de activación y de cambio de contraseña sirven una sola vez y vencen.
          </li>
          <li>
            <strong>Registros de seguridad:</strong> hasta 90 días.
          </li>
          <li>
            <strong>Libro de Reclamaciones:</strong> al menos dos años desde su registro, como exige la normativa de protección al
            consumidor.
          </li>
        </ul>
      ),
    },
    {
      id: 'destinatarios',
      title: 'Con quién compartimos los datos',
      body: (
        <>
          <p>
            Con proveedores que nos prestan servicios de alojamiento, almacenamiento de archivos y envío de correos electrónicos. Actúan
            como encargados del tratamiento: solo pueden usar los datos para prestarnos su servicio y están obligados a guardar
            confidencialidad y a protegerlos.
          </p>
          <p>
            Algunos de estos proveedores pueden estar fuera del Perú. En ese caso, la transferencia se realiza con las garantías que
            exige la Ley N.° 29733 y su Reglamento.
          </p>
          <p>También entregaremos datos a las autoridades cuando una norma o un mandato judicial o administrativo nos lo exija.</p>
        </>
      ),
    },
    {
      id: 'seguridad',
      title: 'Cómo protegemos los datos',
      body: (
        <ul>
          <li>Todas las comunicaciones viajan cifradas (HTTPS).</li>
          <li>Las contraseñas y los códigos de sesión se guardan transformados, nunca tal como se escriben.</li>
          <li>
            Las fotos se procesan al recibirlas para quitarles los datos ocultos que guardan las cámaras y los celulares, como la
            ubicación donde fueron tomadas.
          </li>
          <li>Solo el personal que lo necesita para su trabajo accede a los datos, y hacemos copias de respaldo periódicas.</li>
        </ul>
      ),
    },
    {
      id: 'derechos',
      title: 'Tus derechos y cómo ejercerlos',
      body: (
        <>
          <p>
            Puedes ejercer en cualquier momento tus derechos de información, <strong>acceso</strong>, <strong>rectificación</strong>,{' '}
            <strong>cancelación</strong> (eliminación) y <strong>oposición</strong>, y revocar tu consentimiento. Para hacerlo:
          </p>
          <ol>
            <li>
              Escríbenos a <a href={`mailto:${contact.email}`}>{contact.email}</a> con el asunto «Protección de datos personales».
            </li>
            <li>
              Indica tu nombre, qué derecho quieres ejercer y sobre qué datos (por ejemplo, el enlace del memorial o el recuerdo que
              dejaste), y adjunta una copia de tu documento de identidad o del documento que acredite tu representación.
            </li>
            <li>Te responderemos dentro de los plazos que establecen la Ley N.° 29733 y su Reglamento.</li>
          </ol>
          <p>
            Las familias pueden además corregir los datos del memorial y eliminar recuerdos directamente desde su cuenta. Los familiares
            y herederos de la persona recordada también pueden ejercer estos derechos sobre sus datos.
          </p>
          <p>
            Si consideras que no atendimos tu solicitud como corresponde, puedes presentar una reclamación ante la Autoridad Nacional de
            Protección de Datos Personales del Ministerio de Justicia y Derechos Humanos.
          </p>
        </>
      ),
    },
    {
      id: 'menores',
      title: 'Menores de edad',
      body: (
        <p>
          Las cuentas solo pueden contratarlas personas mayores de edad. Si tienes menos de 14 años, pide a tus padres o a tu tutor que te
          acompañen antes de enviarnos un recuerdo con tus datos.
        </p>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies y almacenamiento local',
      body: (
        <p>
          No usamos cookies de publicidad ni de analítica. Lo que guardamos en tu navegador para mantener tu sesión se explica en nuestra{' '}
          <Link to={LEGAL_ROUTES.cookies}>Política de cookies</Link>.
        </p>
      ),
    },
    {
      id: 'cambios',
      title: 'Cambios en esta política',
      body: (
        <p>
          Si cambiamos esta política, publicaremos la nueva versión en esta página con su fecha y, si el cambio es importante, avisaremos
          por correo electrónico a las familias titulares.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Política de privacidad"
      intro={
        <p>
          En Recuerdos cuidamos la memoria de quienes amamos, y también los datos de quienes la comparten. Esta política explica, conforme
          a la Ley N.° 29733, Ley de Protección de Datos Personales, y su Reglamento, qué datos tratamos, para qué, durante cuánto tiempo
          y cómo puedes pedirnos acceder a ellos o eliminarlos.
        </p>
      }
      sections={sections}
    />
  );
}
