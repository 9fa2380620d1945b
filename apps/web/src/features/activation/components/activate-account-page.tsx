// /activate-account?contract=&token= (spec §2, §4): activates the contract, then replaces the URL
// with /activate-account (the spent link leaves the address bar and the history); an error goes
// to /. Without parameters it shows the confirmation.
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/button';
import { CheckIcon } from '../../../components/icons';
import { PublicPage } from '../../../components/public-page';
import { PageSpinner } from '../../../components/spinner';
import { SupportContact } from '../../../components/support-contact';
import { usePageMeta } from '../../../lib/page-meta';
import { activateContract } from '../api/activate-contract';
import './activation.css';

/** The subject of the e-mail the server sends after activation (spec: 'contract approved notification'). */
export const APPROVED_MAIL_SUBJECT = 'Notificación de contrato aprobado';

export function ActivateAccountPage() {
  usePageMeta('Contrato activado', 'Tu contrato de Recuerdos está activo.');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const contract = params.get('contract') ?? '';
  const token = params.get('token') ?? '';
  const activating = contract !== '' && token !== '';

  useEffect(() => {
    if (!activating) return;
    let live = true;
    activateContract(contract, token).then(
      () => {
        if (live) void navigate('/activate-account', { replace: true });
      },
      () => {
        if (live) void navigate('/', { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [activating, contract, token, navigate]);

  if (activating) return <PageSpinner label="Activando tu contrato…" />;

  return (
    <PublicPage>
      <div className="activation card">
        <span className="activation__seal" aria-hidden="true">
          <CheckIcon />
        </span>
        <h1>Contrato activado</h1>
        <p className="activation__lead">Gracias por confiar en nosotros para honrar la memoria de tu ser querido.</p>
        <p>
          En unos minutos recibirás un correo electrónico con el asunto <strong>«{APPROVED_MAIL_SUBJECT}»</strong>, con los datos de tu
          contrato. Si todavía no tienes una contraseña, ese correo incluye un enlace para crearla. Si no lo encuentras, revisa también
          la carpeta de spam o correo no deseado.
        </p>
        <p className="activation__enjoy">Disfruta tu servicio</p>
        <Link to="/login" className={buttonClass({ size: 'lg' })}>
          Iniciar sesión
        </Link>
      </div>
      <SupportContact />
    </PublicPage>
  );
}
