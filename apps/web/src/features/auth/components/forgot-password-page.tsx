// /forgot-password (spec §2, §4, §5): e-mail (max 60) and 'Enviar solicitud'; on success the form
// and the button give way to the spec's success text; a refusal shows the server's text in red.
import { Link } from 'react-router';
import { forgotPasswordSchema } from '@recuerdos/shared/user-schemas';
import { Button } from '../../../components/button';
import { FormEmailField } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/form-alert';
import { PublicPage } from '../../../components/public-page';
import { SupportContact } from '../../../components/support-contact';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { usePageMeta } from '../../../lib/page-meta';
import { useForgotPassword } from '../api/forgot-password';
import './auth.css';

export const FORGOT_SUCCESS_TEXT =
  'En unos minutos te llegará un correo electrónico con un enlace web para que ingreses tu nueva contraseña';

export function ForgotPasswordPage() {
  usePageMeta('Recupera tu contraseña', 'Solicita un enlace para crear una nueva contraseña de tu cuenta de Recuerdos.');
  const request = useForgotPassword();
  const form = useZodForm(forgotPasswordSchema, { defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit((values) => request.mutate(values.email));

  return (
    <PublicPage>
      <div className="auth">
        <div className="auth__card card">
          <h1>Recupera tu contraseña</h1>
          <p className="auth__intro">Sigue estos pasos para volver a ingresar a tu cuenta:</p>
          <ol className="auth__steps">
            <li>Escribe el correo electrónico de tu cuenta y presiona «Enviar solicitud».</li>
            <li>Revisa tu bandeja de entrada. Si no ves nuestro mensaje, busca también en la carpeta de spam o correo no deseado.</li>
            <li>Abre el enlace del correo y escribe tu nueva contraseña.</li>
            <li>Inicia sesión con tu correo y tu nueva contraseña.</li>
          </ol>
          {request.isSuccess ? (
            <FormAlert tone="success">{FORGOT_SUCCESS_TEXT}</FormAlert>
          ) : (
            <form className="auth__form" noValidate onSubmit={(event) => void onSubmit(event)}>
              <FormEmailField form={form} name="email" label="Correo electrónico" maxLength={60} />
              <Button type="submit" size="lg" block loading={request.isPending}>
                Enviar solicitud
              </Button>
              {request.isError ? <FormAlert tone="error">{errorMessage(request.error)}</FormAlert> : null}
            </form>
          )}
          <p className="auth__links">
            <Link to="/login">Volver a iniciar sesión</Link>
          </p>
        </div>
        <SupportContact intro="Si no recibes el correo o tienes algún problema para ingresar, escríbenos o llámanos y te ayudaremos con gusto." />
      </div>
    </PublicPage>
  );
}
