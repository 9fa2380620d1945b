// /complaints-book (spec §2, §5): the 'Libro de Reclamaciones' form with every field and message of
// the spec, the date prefilled with today (dd/mm/yyyy, Lima) and the type defaulting to a claim;
// the provider's identification, contact data and social links.
import { useWatch } from 'react-hook-form';
import { COMPLAINT_TYPES, complaintSchema } from '@recuerdos/shared/complaint-schemas';
import { limaDate } from '@recuerdos/shared/dates';
import { slashDate } from '@recuerdos/shared/format';
import { Button } from '../../../components/button';
import { FormEmailField, FormRadioGroup, FormTextArea, FormTextField } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/form-alert';
import { PhoneAndEmailItems } from '../../../components/contact-items';
import { FacebookIcon, InstagramIcon, TikTokIcon } from '../../../components/icons';
import { PublicPage } from '../../../components/public-page';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { usePageMeta } from '../../../lib/page-meta';
import { siteConfig } from '../../../lib/site-config';
import { useSendComplaint } from '../api/send-complaint';
import './complaints.css';

export const COMPLAINT_SUCCESS_TEXT = 'Tu Reclamo o Queja se envió con éxito';
const DETAIL_MAX = 3000;
const ORDER_MAX = 2000;

function ProviderData() {
  const { legal, contact } = siteConfig();
  return (
    <section className="complaints__provider" aria-labelledby="provider-title">
      <h2 id="provider-title">Datos del proveedor</h2>
      <dl>
        <div>
          <dt>Razón social</dt>
          <dd>{legal.name}</dd>
        </div>
        <div>
          <dt>RUC</dt>
          <dd>{legal.ruc}</dd>
        </div>
        <div>
          <dt>Domicilio</dt>
          <dd>{legal.address}</dd>
        </div>
      </dl>
      <h3>Contacto</h3>
      <ul className="complaints__contact">
        <PhoneAndEmailItems />
      </ul>
      <ul className="complaints__social" aria-label="Redes sociales">
        <li>
          <a href={contact.facebookUrl} target="_blank" rel="noopener noreferrer">
            <FacebookIcon />
            <span>Facebook</span>
          </a>
        </li>
        <li>
          <a href={contact.instagramUrl} target="_blank" rel="noopener noreferrer">
            <InstagramIcon />
            <span>Instagram</span>
          </a>
        </li>
        <li>
          <a href={contact.tiktokUrl} target="_blank" rel="noopener noreferrer">
            <TikTokIcon />
            <span>TikTok</span>
          </a>
        </li>
      </ul>
    </section>
  );
}

function ComplaintForm() {
  const send = useSendComplaint();
  const form = useZodForm(complaintSchema, {
    defaultValues: {
      date: slashDate(limaDate()),
      name: '',
      lastname: '',
      email: '',
      contract: '',
      document: '',
      phone: '',
      type: '1',
      detail: '',
      order: '',
    },
  });
  const [detail, order] = useWatch({ control: form.control, name: ['detail', 'order'] });

  // A failure keeps the form filled and says why (issue 14 §5; spec §8 was silent).
  const onSubmit = form.handleSubmit((values) => send.mutate(values));

  if (send.isSuccess) {
    return (
      <FormAlert tone="success">
        <p>{COMPLAINT_SUCCESS_TEXT}</p>
        {send.data.number ? (
          <p className="complaints__success-note">
            Número de registro: <strong>{send.data.number}</strong>
          </p>
        ) : null}
        <p className="complaints__success-note">
          Te enviamos una copia a tu correo electrónico. Te responderemos en un plazo máximo de 15 días hábiles.
        </p>
      </FormAlert>
    );
  }

  return (
    <form className="complaints__form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <fieldset className="complaints__group">
        <legend>1. Identificación del consumidor</legend>
        <FormTextField
          form={form}
          name="date"
          label="Fecha"
          hint="dd/mm/aaaa"
          inputMode="numeric"
          fieldClassName="complaints__date"
        />
        <div className="complaints__row">
          <FormTextField form={form} name="name" label="Nombres" autoComplete="given-name" />
          <FormTextField form={form} name="lastname" label="Apellidos" autoComplete="family-name" />
        </div>
        <FormEmailField form={form} name="email" label="Correo electrónico" />
        <div className="complaints__row">
          <FormTextField form={form} name="contract" label="Número de contrato" />
          <FormTextField
            form={form}
            name="document"
            label="Número de documento"
            hint="DNI, carné de extranjería o pasaporte"
            autoComplete="off"
          />
        </div>
        <FormTextField
          form={form}
          name="phone"
          label="Teléfono"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          fieldClassName="complaints__phone"
        />
      </fieldset>

      <fieldset className="complaints__group">
        <legend>2. Detalle de la reclamación</legend>
        <FormRadioGroup form={form} name="type" legend="Tipo" choices={COMPLAINT_TYPES} inline />
        <dl className="complaints__definitions">
          <div>
            <dt>Reclamo:</dt>
            <dd>disconformidad relacionada con el servicio contratado.</dd>
          </div>
          <div>
            <dt>Queja:</dt>
            <dd>disconformidad no relacionada con el servicio, o malestar o descontento con la atención al público.</dd>
          </div>
        </dl>
        <FormTextArea
          form={form}
          name="detail"
          label="Detalle de la reclamación"
          maxLength={DETAIL_MAX}
          count={{ value: detail.length, max: DETAIL_MAX }}
        />
        <FormTextArea
          form={form}
          name="order"
          label="Pedido del consumidor"
          hint="¿Qué solución esperas de nosotros?"
          maxLength={ORDER_MAX}
          count={{ value: order.length, max: ORDER_MAX }}
        />
      </fieldset>

      {send.isError ? (
        <FormAlert tone="error">
          <p>No pudimos registrar tu reclamo. {errorMessage(send.error)}</p>
          <p>Lo que escribiste sigue aquí: puedes enviarlo de nuevo.</p>
        </FormAlert>
      ) : null}
      <Button type="submit" size="lg" loading={send.isPending}>
        Enviar
      </Button>
    </form>
  );
}

export function ComplaintsBookPage() {
  usePageMeta('Libro de Reclamaciones', 'Libro de Reclamaciones virtual de Recuerdos: registra tu reclamo o queja.');
  return (
    <PublicPage width="wide">
      <div className="complaints">
        <div className="complaints__main">
          <h1 className="page-title">Libro de Reclamaciones</h1>
          <p className="page-lead">
            Conforme al Código de Protección y Defensa del Consumidor, ponemos a tu disposición este Libro de Reclamaciones virtual.
            Completa todos los campos y te enviaremos una copia a tu correo electrónico.
          </p>
          <div className="card">
            <ComplaintForm />
          </div>
          <div className="complaints__notes">
            <p>Te responderemos en un plazo máximo de 15 días hábiles contados desde el día siguiente a la presentación.</p>
            <p>
              La formulación del reclamo no impide acudir a otras vías de solución de controversias ni es requisito previo para interponer
              una denuncia ante el INDECOPI.
            </p>
          </div>
        </div>
        <ProviderData />
      </div>
    </PublicPage>
  );
}
