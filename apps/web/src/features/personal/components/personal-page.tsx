// /account/personal 'Datos personales' (spec §2): the greeting, full name and e-mail read-only, and —
// beyond the spec (issue 6) — 'Descargar mis recuerdos', the current memorial as a ZIP to keep.
import { useState } from 'react';
import { DownloadIcon } from '../../../components/account-icons';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { useAccountUser } from '../../../lib/account/account-user';
import { usePerson } from '../../../lib/account/get-person';
import { errorMessage } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useIsDesktop } from '../../../lib/use-media-query';
import { useExportMemorial } from '../api/export-memorial';
import { BackButton } from '../../../components/back-link';
import { Greeting, SettingsLayout } from './settings-layout';

function ExportSection() {
  const user = useAccountUser();
  const person = usePerson();
  const exporter = useExportMemorial();
  const name = person.data?.fullname;
  return (
    <section className="settings-card" aria-labelledby="export-title">
      <h2 id="export-title">Descargar mis recuerdos</h2>
      <p>
        Guarda para siempre una copia del memorial{name ? ` de ${name}` : ''}: sus datos, todas las publicaciones aprobadas y sus fotos y
        videos, en un archivo ZIP que puedes abrir sin internet.
      </p>
      <Button variant="secondary" icon={<DownloadIcon />} loading={exporter.isPending} onClick={() => exporter.mutate(user.identifier)}>
        Descargar mis recuerdos
      </Button>
      {exporter.isSuccess ? (
        <FormAlert tone="success">Tu descarga comenzó: tu navegador muestra su avance. Si hay muchos videos, puede tardar unos minutos.</FormAlert>
      ) : null}
      {exporter.isError ? <FormAlert tone="error">{errorMessage(exporter.error)}</FormAlert> : null}
    </section>
  );
}

export function PersonalPage() {
  usePageMeta('Datos personales', 'Tus datos en Recuerdos.');
  const user = useAccountUser();
  const desktop = useIsDesktop();
  const [showMenu, setShowMenu] = useState(true);
  return (
    <SettingsLayout showMenu={showMenu} onShowContent={() => setShowMenu(false)}>
      {desktop ? null : (
        <>
          <BackButton onClick={() => setShowMenu(true)} />
          <Greeting />
        </>
      )}
      <h1>Datos personales</h1>
      <div className="settings-card">
        <TextField label="Nombre completo" value={`${user.name} ${user.lastname}`.trim()} readOnly />
        <TextField label="Correo electrónico" type="email" value={user.email} readOnly />
      </div>
      <ExportSection />
    </SettingsLayout>
  );
}
