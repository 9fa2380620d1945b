// The side panel 'Permisos' (spec §2 'Owner home', §4, §5): the profile's state changes the
// interface at once, before the server answers; while private, the visitors' access code (at most
// 15 characters, no whitespace, saved 1 s after typing stops) and whether visitors may upload
// pictures and videos or leave messages. 'Copiar enlace del perfil' copies the guest link;
// 'Compartir por WhatsApp' shares it (issue 14 §3). One line says what visitors can do as the
// memorial is set (issue 28 §2), and the family may choose to send the access code along with the
// link and print it on the cards (issue 28 §1).
import { useState } from 'react';
import type { Flag, OwnerPersonData, ProfileType } from '@recuerdos/shared/api-types';
import { MESSAGES } from '@recuerdos/shared/messages';
import { LIMITS } from '@recuerdos/shared/limits';
import { sharedAccessCode, visitorsCan, visitorsMayLeaveMemories } from '@recuerdos/shared/share';
import { Checkbox, ChoiceGroup, Radio, SelectField, TextField } from '../../../components/field';
import { CopyLinkButton } from '../../../components/memorial/copy-link-button';
import { WhatsAppShareLink } from '../../../components/memorial/whatsapp-share-link';
import { guestLink } from '../../../lib/account/guest-link';
import { useDebouncedCallback } from '../../../lib/account/use-debounced-callback';
import { normalizeAccessCode, storedFlag, useUpdateAccessCode, useUpdateFlag, useUpdateProfileType, type FlagName } from '../api/update-settings';
import { QrDownload } from './qr-download';

/**
 * A control's own copy of a stored setting: it follows a click at once (a controlled input must not
 * wait for the cache), and the stored value again whenever that changes (a failure read back).
 */
function useLocalCopy<T>(stored: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(stored);
  const [seen, setSeen] = useState<T>(stored);
  if (stored !== seen) {
    setSeen(stored);
    setValue(stored);
  }
  return [value, setValue];
}

function AccessCodeField({ person }: { person: OwnerPersonData }) {
  const { mutate: saveCode } = useUpdateAccessCode(person.identifier);
  const [code, setCode] = useState(person.entercode);
  const [empty, setEmpty] = useState(false);
  const save = useDebouncedCallback((value: string) => {
    if (value === '') return;
    saveCode(value);
  }, LIMITS.accessCodeDebounceMs);
  return (
    <TextField
      label="Código de acceso para los visitantes"
      hint="Compártelo con quienes quieras que visiten el perfil."
      value={code}
      maxLength={LIMITS.accessCodeMax}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      blockEnter
      error={empty ? MESSAGES.accessCodeRequired : undefined}
      onChange={(event) => {
        const value = normalizeAccessCode(event.target.value).slice(0, LIMITS.accessCodeMax);
        setCode(value);
        setEmpty(value === '');
        save(value);
      }}
    />
  );
}

/** A flag that follows the click at once and is saved. */
function useFlag(person: OwnerPersonData, name: FlagName): [Flag, (flag: Flag) => void] {
  const { mutate: saveFlag } = useUpdateFlag(person.identifier, name);
  const [value, setValue] = useLocalCopy<Flag>(storedFlag(person, name));
  const choose = (flag: Flag) => {
    setValue(flag);
    saveFlag(flag);
  };
  return [value, choose];
}

function FlagChoice({ person, name, legend }: { person: OwnerPersonData; name: FlagName; legend: string }) {
  const [value, choose] = useFlag(person, name);
  const group = `flag-${name}`;
  return (
    <ChoiceGroup legend={legend} inline>
      <Radio name={group} label="Sí" value="1" checked={value === '1'} onChange={() => choose('1')} />
      <Radio name={group} label="No" value="0" checked={value === '0'} onChange={() => choose('0')} />
    </ChoiceGroup>
  );
}

function ShareCodeChoice({ person }: { person: OwnerPersonData }) {
  const [value, choose] = useFlag(person, 'share-code');
  return (
    <Checkbox
      label="Enviar el código de acceso al compartir"
      hint="Irá en los mensajes de WhatsApp y en los recordatorios impresos. Quien tenga el código puede entrar al memorial."
      checked={value === '1'}
      onChange={(event) => choose(event.currentTarget.checked ? '1' : '0')}
    />
  );
}

export function PermissionsPanel({ person }: { person: OwnerPersonData }) {
  const { mutate: saveType } = useUpdateProfileType(person.identifier);
  // Spec §4: the interface changes at once, before the server's reply.
  const [type, setType] = useLocalCopy<ProfileType>(person.type);
  const isPrivate = type === 'P';
  const changeType = (next: ProfileType) => {
    setType(next);
    saveType(next);
  };
  const settings = { ...person, type };
  const link = guestLink(person.identifier);
  return (
    <section className="home-panel permissions" aria-labelledby="permissions-title">
      <h2 id="permissions-title" className="home-panel__title">
        Permisos
      </h2>
      <SelectField label="Estado de perfil" hint={visitorsCan(settings)} value={type} onChange={(event) => changeType(event.target.value === 'U' ? 'U' : 'P')}>
        <option value="P">Perfil privado</option>
        <option value="U">Perfil público</option>
      </SelectField>
      {isPrivate ? (
        <>
          <AccessCodeField key={person.identifier} person={person} />
          <ShareCodeChoice person={person} />
        </>
      ) : null}
      <div className="permissions__share">
        <CopyLinkButton link={link} />
        <WhatsAppShareLink
          fullname={person.fullname}
          link={link}
          options={{ memories: visitorsMayLeaveMemories(settings), accessCode: sharedAccessCode(settings) }}
        />
      </div>
      {isPrivate ? (
        <>
          <FlagChoice person={person} name="picture" legend="¿Los invitados pueden subir fotos y videos?" />
          <FlagChoice person={person} name="message" legend="¿Los invitados pueden dejar mensajes?" />
        </>
      ) : null}
      <QrDownload identifier={person.identifier} />
    </section>
  );
}
