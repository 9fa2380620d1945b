// Política de cookies: the product sets no cookies; it keeps the two sessions in local storage.
import { Link } from 'react-router';
import { LEGAL_ROUTES } from '../../../components/site-footer';
import { usePageMeta } from '../../../lib/page-meta';
import { siteConfig } from '../../../lib/site-config';
import { LegalDocument, type LegalSection } from './legal-document';

export function CookiesPage() {
  usePageMeta('Política de cookies', 'Qué guarda Recuerdos en tu navegador y para qué: sin cookies de publicidad ni de analítica.');
  const { contact } = siteConfig();

  const sections: LegalSection[] = [
    {
      id: 'que-son',
      title: 'Qué son las cookies y el almacenamiento local',
      body: (
        <p>
          Las cookies son pequeños archivos que un sitio web guarda en tu navegador. El almacenamiento local es una función parecida que
          permite a un sitio recordar información en tu dispositivo entre una visita y otra.
        </p>
      ),
    },
    {
      id: 'que-usamos',
      title: 'Qué usamos en Recuerdos',
      body: (
        <>
          <p>
            <strong>No usamos cookies de publicidad, de analítica ni de terceros.</strong> No seguimos tu navegación ni compartimos
            información con redes publicitarias.
          </p>
          <p>Solo guardamos en el almacenamiento local de tu navegador lo estrictamente necesario para que el servicio funcione:</p>
          <div className="legal__table-wrap">
            <table className="legal__table">
              <caption className="visually-hidden">Información guardada en tu navegador</caption>
              <thead>
                <tr>
                  <th scope="col">Nombre</th>
                  <th scope="col">Para qué sirve</th>
                  <th scope="col">Cuánto dura</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">user</th>
                  <td>
                    Mantener abierta la sesión de la familia titular: su correo, nombre y apellidos, el memorial que está viendo, su foto
                    de perfil y un código de sesión.
                  </td>
                  <td>Hasta que cierres sesión o la sesión venza.</td>
                </tr>
                <tr>
                  <th scope="row">guest</th>
                  <td>Recordar que ya ingresaste el código de acceso de un memorial privado, para no pedírtelo en cada visita.</td>
                  <td>Hasta que la sesión de visitante venza o la familia cambie el código de acceso.</td>
                </tr>
              </tbody>
            </table>
          </div>
          <p>
            Como son necesarios para prestarte el servicio que pediste, no requieren tu consentimiento previo; aun así, queremos que sepas
            exactamente qué son.
          </p>
        </>
      ),
    },
    {
      id: 'terceros',
      title: 'Sitios de terceros',
      body: (
        <p>
          Las tipografías e imágenes de Recuerdos se sirven desde nuestros propios servidores. Los botones de WhatsApp, Facebook, Instagram y
          TikTok solo son enlaces: si los usas, pasas al sitio de esa empresa, que aplica su propia política de cookies.
        </p>
      ),
    },
    {
      id: 'borrar',
      title: 'Cómo borrar esta información',
      body: (
        <>
          <p>
            Al pulsar «Cerrar sesión» borramos la sesión de tu navegador. También puedes borrar los datos de navegación desde la
            configuración de tu navegador (en la sección de privacidad o de datos de sitios). Si lo haces, tendrás que volver a iniciar
            sesión o volver a escribir el código de acceso de un memorial privado.
          </p>
        </>
      ),
    },
    {
      id: 'mas',
      title: 'Más información',
      body: (
        <p>
          Para saber cómo tratamos tus datos personales, lee nuestra <Link to={LEGAL_ROUTES.privacy}>Política de privacidad</Link>. Si
          tienes preguntas, escríbenos a <a href={`mailto:${contact.email}`}>{contact.email}</a>.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Política de cookies"
      intro={<p>Queremos que sepas con claridad qué guarda Recuerdos en tu navegador y para qué.</p>}
      sections={sections}
    />
  );
}
