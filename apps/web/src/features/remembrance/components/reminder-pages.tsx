// The two pages the reminder e-mails open (issue 14 §1): /recordatorios/confirmar?token= confirms the
// subscription at once (double opt-in), /recordatorios/baja?s= stops the reminders with one button.
// A lost connection keeps the person on the page with "Reintentar".
import { useEffect, useState } from 'react';
import { Button, buttonClass } from '../../../components/button';
import { DoneCard, RetryCard } from '../../../components/outcome-card';
import { PublicPage } from '../../../components/public-page';
import { PageSpinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useSearchParams } from 'react-router';
import { UNSUBSCRIBE_PAGE } from '@recuerdos/shared/remembrance';
import { confirmReminders, useUnsubscribeReminders, type ConfirmedReminders } from '../api/reminder-links';

type Outcome = { state: 'working' } | { state: 'done'; confirmed: ConfirmedReminders } | { state: 'failed'; message: string };

export function ConfirmRemindersPage() {
  usePageMeta('Confirmar recordatorios', 'Confirma que quieres recibir recordatorios de las fechas de un ser querido.');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    confirmReminders(token).then(
      (confirmed) => live && setOutcome({ state: 'done', confirmed }),
      (error: unknown) => live && setOutcome({ state: 'failed', message: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);

  if (outcome.state === 'working') return <PageSpinner label="Confirmando tus recordatorios…" />;
  if (outcome.state === 'failed') {
    return (
      <PublicPage>
        <RetryCard
          title="No pudimos confirmar tus recordatorios"
          message={outcome.message}
          onRetry={() => {
            setOutcome({ state: 'working' });
            setAttempt((n) => n + 1);
          }}
        />
      </PublicPage>
    );
  }
  const { confirmed } = outcome;
  return (
    <PublicPage>
      <DoneCard title="Recordatorios confirmados" lead={`${confirmed.message}.`}>
        <p>Cada correo trae un enlace para dejar de recibirlos cuando quieras.</p>
        <a href={`/guest?id=${encodeURIComponent(confirmed.identifier)}`} className={buttonClass({ size: 'lg' })}>
          Visitar su memorial
        </a>
      </DoneCard>
    </PublicPage>
  );
}

export function UnsubscribeRemindersPage() {
  usePageMeta(UNSUBSCRIBE_PAGE.button, 'Deja de recibir los recordatorios de un memorial.');
  const [params] = useSearchParams();
  const s = params.get('s') ?? '';
  const unsubscribe = useUnsubscribeReminders();

  return (
    <PublicPage>
      {unsubscribe.isSuccess ? (
        <DoneCard title={UNSUBSCRIBE_PAGE.doneTitle} lead={`${unsubscribe.data}.`} leadRole="status">
          <p>{UNSUBSCRIBE_PAGE.doneText}</p>
        </DoneCard>
      ) : (
        <div className="activation card">
          <h1>{UNSUBSCRIBE_PAGE.title}</h1>
          <p>{UNSUBSCRIBE_PAGE.lead}</p>
          {unsubscribe.isError ? <p role="alert">{errorMessage(unsubscribe.error)}</p> : null}
          <Button size="lg" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(s)}>
            {UNSUBSCRIBE_PAGE.button}
          </Button>
        </div>
      )}
    </PublicPage>
  );
}
