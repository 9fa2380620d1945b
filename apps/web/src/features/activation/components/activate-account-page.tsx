// /activate-account?contract=&token= (spec §2, §4): activates the contract, then replaces the URL
// with /activate-account (the spent link leaves the address bar and the history); a refusal goes
// to / with the server's reason in a toast, a lost connection stays with 'Reintentar' (issue 14 §5;
// spec §8 went to / in silence). Without parameters it shows the confirmation.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/button';
import { DoneCard, RetryCard } from '../../../components/outcome-card';
import { PublicPage } from '../../../components/public-page';
import { PageSpinner } from '../../../components/spinner';
import { SupportContact } from '../../../components/support-contact';
import { errorMessage } from '../../../lib/api-client';
import { refusedByServer, reportFailure } from '../../../lib/failure';
import { usePageMeta } from '../../../lib/page-meta';
import { useActivateContract } from '../api/activate-contract';
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
  const [unreachable, setUnreachable] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { mutateAsync: activate } = useActivateContract();

  useEffect(() => {
    if (!activating) return;
    let live = true;
    activate({ contract, token }).then(
      () => {
        if (live) void navigate('/activate-account', { replace: true });
      },
      (error: unknown) => {
        if (!live) return;
        if (!refusedByServer(error)) {
          setUnreachable(errorMessage(error));
          return;
        }
        reportFailure('No pudimos activar tu contrato', error);
        void navigate('/', { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [activating, contract, token, navigate, attempt, activate]);

  if (activating && unreachable) {
    return (
      <PublicPage>
        <RetryCard
          title="No pudimos activar tu contrato"
          message={unreachable}
          onRetry={() => {
            setUnreachable(null);
            setAttempt((n) => n + 1);
          }}
        />
        <SupportContact />
      </PublicPage>
    );
  }
  if (activating) return <PageSpinner label="Activando tu contrato…" />;

  return (
    <PublicPage>
      <DoneCard title="Contrato activado" lead="Gracias por confiar en nosotros para honrar la memoria de tu ser querido.">
        <p>
          En unos minutos recibirás un correo electrónico con el asunto <strong>«{APPROVED_MAIL_SUBJECT}»</strong>, con los datos de tu
          contrato. Si todavía no tienes una contraseña, ese correo incluye un enlace para crearla. Si no lo encuentras, revisa también
          la carpeta de spam o correo no deseado.
        </p>
        <p className="activation__enjoy">Disfruta tu servicio</p>
        <Link to="/login" className={buttonClass({ size: 'lg' })}>
          Iniciar sesión
        </Link>
      </DoneCard>
      <SupportContact />
    </PublicPage>
  );
}
