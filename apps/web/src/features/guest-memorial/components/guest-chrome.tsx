// The guest page's header (it says whether the profile is private or public, spec §2) and footer.
import { LogoMark } from '../../../components/logo';

export function GuestHeader({ privateProfile }: { privateProfile: boolean | null }) {
  return (
    <header className="guest-header">
      <a className="guest-header__home" href="/">
        <LogoMark size={32} />
        <span className="guest-header__word">Recuerdos</span>
      </a>
      {privateProfile === null ? null : (
        <p className={privateProfile ? 'guest-header__status guest-header__status--private' : 'guest-header__status'}>
          {privateProfile ? 'Perfil privado' : 'Perfil público'}
        </p>
      )}
    </header>
  );
}

export function GuestFooter() {
  return (
    <footer className="guest-footer">
      <p>
        <a href="/">Recuerdos</a> · memoriales en línea para recordar a quienes amamos
      </p>
      <p className="guest-footer__links">
        <a href="/terminos">Términos y condiciones</a>
        <a href="/privacidad">Política de privacidad</a>
        <a href="/complaints-book">Libro de Reclamaciones</a>
      </p>
    </footer>
  );
}
