// The memorial's profile card (spec §2 'Profile card'), shared by the guest page and the account
// area: photo 130×130 or a placeholder, full name, birth and death dates (year and 'DD de Mon'),
// candle and flower counts ('+99' above 99), epitaph and resting place. The guest view copies the
// guest link and shares it by WhatsApp; the admin view shows the 'Editar datos' control it is given; the preview shows the
// 'Previsualización' banner. Written against the React API that Preact's compat layer also has.
import { useState, type ReactNode } from 'react';
import type { Gifts, PersonData } from '@recuerdos/shared/api-types';
import { capCount, profileDate } from '@recuerdos/shared/format';
import { LIMITS } from '@recuerdos/shared/limits';
import { pictureSrcSet } from '@recuerdos/shared/media';
import type { ShareOptions } from '@recuerdos/shared/share';
import { CopyLinkButton } from './copy-link-button';
import { WhatsAppShareLink } from './whatsapp-share-link';
import { FlameIcon, FlowerIcon, PersonIcon, PinIcon } from './memorial-icons';
import './profile-card.css';

export type ProfileCardVariant = 'guest' | 'admin' | 'preview';

export interface ProfileCardProps {
  person: PersonData;
  gifts: Gifts;
  /** 'guest': 'Copiar enlace del perfil'; 'admin': `editAction`; 'preview': the banner, no actions. */
  variant: ProfileCardVariant;
  /** Guest variant: the absolute link that 'Copiar enlace del perfil' copies. */
  guestLink?: string;
  /** Guest variant: what the WhatsApp text promises (issue 28 §2). */
  share?: ShareOptions;
  /** Admin variant: the 'Editar datos' control (a router link in the account area). */
  editAction?: ReactNode;
  /** A picture not uploaded yet (a blob: URL from the cropper) shown instead of `person.profilepath`. */
  photoOverride?: string | null;
  /** The name's heading level: 1 where the card is the page's subject (the guest page). */
  headingLevel?: 1 | 2;
  /** Placed at the end of the card (the guest page puts the gift buttons there). */
  children?: ReactNode;
  className?: string;
}

const size = LIMITS.profilePhotoPx;

function ProfilePhoto({ path, override, name }: { path: string; override: string | null | undefined; name: string }) {
  if (override) return <img className="profile-card__photo" src={override} width={size} height={size} alt={`Foto de ${name}`} />;
  if (!path) {
    return (
      <div className="profile-card__photo profile-card__photo--empty" role="img" aria-label={`${name} aún no tiene foto`}>
        <PersonIcon />
      </div>
    );
  }
  const srcSet = pictureSrcSet(path, 'profile');
  return (
    <img
      className="profile-card__photo"
      src={path}
      srcSet={srcSet || undefined}
      sizes={srcSet ? `${size}px` : undefined}
      width={size}
      height={size}
      alt={`Foto de ${name}`}
      fetchPriority="high"
      decoding="async"
    />
  );
}

function LifeDate({ label, text }: { label: string; text: string }) {
  const date = profileDate(text);
  if (!date) return null;
  return (
    <div className="profile-card__date">
      <dt>{label}</dt>
      <dd>
        <span className="profile-card__year">{date.year}</span> <span className="profile-card__day">{date.dayMonth}</span>
      </dd>
    </div>
  );
}

function GiftCount({ kind, count, changed }: { kind: 'candles' | 'flowers'; count: number; changed: boolean }) {
  const shown = capCount(count, LIMITS.giftDisplayCap);
  const noun = kind === 'candles' ? (count === 1 ? 'vela encendida' : 'velas encendidas') : count === 1 ? 'ramo de flores' : 'ramos de flores';
  return (
    <li className={`profile-card__gift profile-card__gift--${kind}`}>
      {kind === 'candles' ? <FlameIcon /> : <FlowerIcon />}
      {/* A new count re-mounts the number, which plays its gentle "pop" once. */}
      <span key={count} className={changed ? 'profile-card__count profile-card__count--bump' : 'profile-card__count'} aria-hidden="true">
        {shown}
      </span>
      <span className="visually-hidden">{`${shown} ${noun}`}</span>
    </li>
  );
}

export function ProfileCard({ person, gifts, variant, guestLink, share, editAction, photoOverride, headingLevel = 2, children, className }: ProfileCardProps) {
  const Name = headingLevel === 1 ? 'h1' : 'h2';
  // Counts that changed while the card was shown (a candle just lit) pop once; the first render does not.
  const [firstGifts] = useState(gifts);
  const hasDates = profileDate(person.birthdate) !== null || profileDate(person.deathdate) !== null;
  return (
    <section className={['profile-card', `profile-card--${variant}`, className ?? ''].filter(Boolean).join(' ')} aria-label={`Perfil de ${person.fullname}`}>
      {variant === 'preview' ? <p className="profile-card__banner">Previsualización</p> : null}
      <ProfilePhoto path={person.profilepath} override={photoOverride} name={person.fullname} />
      <Name className="profile-card__name">{person.fullname}</Name>
      {hasDates ? (
        <dl className="profile-card__dates">
          <LifeDate label="Nacimiento" text={person.birthdate} />
          <LifeDate label="Partida" text={person.deathdate} />
        </dl>
      ) : null}
      <ul className="profile-card__gifts" aria-label="Velas y flores">
        <GiftCount kind="candles" count={gifts.candles} changed={gifts.candles !== firstGifts.candles} />
        <GiftCount kind="flowers" count={gifts.flowers} changed={gifts.flowers !== firstGifts.flowers} />
      </ul>
      {person.description.trim() ? <blockquote className="profile-card__epitaph">{person.description}</blockquote> : null}
      {person.location.trim() ? (
        <p className="profile-card__location">
          <PinIcon />
          <span>
            <span className="visually-hidden">Lugar de descanso: </span>
            {person.location}
          </span>
        </p>
      ) : null}
      {variant === 'guest' && guestLink ? (
        <div className="profile-card__share">
          <CopyLinkButton link={guestLink} className="profile-card__copy" />
          <WhatsAppShareLink fullname={person.fullname} link={guestLink} options={share ?? { memories: false }} />
        </div>
      ) : null}
      {variant === 'admin' && editAction ? <div className="profile-card__actions">{editAction}</div> : null}
      {children}
    </section>
  );
}
