// Placeholders of the account pages (spec §2); issue 6 replaces each with its feature.
import { usePageMeta } from '../../../lib/page-meta';

function Placeholder({ title }: { title: string }) {
  usePageMeta(title, 'Tu cuenta de Recuerdos.');
  return (
    <section>
      <h1>{title}</h1>
      <p className="muted">Estamos preparando esta sección.</p>
    </section>
  );
}

export const AccountHomePage = () => <Placeholder title="Inicio" />;
export const NotificationsPage = () => <Placeholder title="Notificaciones" />;
export const EditBasicDataPage = () => <Placeholder title="Editar datos" />;
export const PersonalPage = () => <Placeholder title="Datos personales" />;
export const ChangePasswordPage = () => <Placeholder title="Cambiar contraseña" />;
