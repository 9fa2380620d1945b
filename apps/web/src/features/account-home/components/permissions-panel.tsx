// The side panel 'Permisos' (spec §2 'Owner home', §4, §5): the profile's state changes the
// interface at once, before the server answers; while private, the visitors' access code (at most
// 15 characters, no whitespace, saved 1 s after typing stops) and whether visitors may upload
// pictures and videos or leave messages. 'Copiar enlace del perfil' copies the guest link;
// 'Compartir por WhatsApp' shares it (issue 14 §3).
import { useState } from 'react';
import type { Flag, OwnerPersonData, ProfileType } from '@recuerdos/shared/api-types';
import { MESSAGES } from '@recuerdos/shared/fields';
import { LIMITS } from '@recuerdos/shared/limits';
import { ChoiceGroup, Radio, SelectField, TextField } from '../../../components/field';
import { CopyLinkButton } from '../../../components/memorial/copy-link-button';
import { WhatsAppShareLink } from '../../../components/memorial/whatsapp-share-link';
import { guestLink } from '../../../lib/account/guest-link';
import { useDebouncedCallback } from '../../../lib/account/use-debounced-callback';
import { normalizeAccessCode, useUpdateAccessCode, useUpdateFlag, useUpdateProfileType, type FlagName } from '../api/update-settings';
import { QrDownload } from './qr-download';

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

function FlagChoice({ person, name, legend }: { person: OwnerPersonData; name: FlagName; legend: string }) {
  const { mutate: saveFlag } = useUpdateFlag(person.identifier, name);
  const stored = name === 'picture' ? person.flagpic : person.flagmsg;
  // The radio follows the click at once (a controlled input must not wait for the cache).
  const [value, setValue] = useState<Flag>(stored);
  const [seen, setSeen] = useState<Flag>(stored);
  if (stored !== seen) {
    setSeen(stored);
    setValue(stored);
  }
  const choose = (flag: Flag) => {
    setValue(flag);
    saveFlag(flag);
  };
  const group = `flag-${name}`;
  return (
    <ChoiceGroup legend={legend} inline>
      <Radio name={group} label="Sí" value="1" checked={value === '1'} onChange={() => choose('1')} />
      <Radio name={group} label="No" value="0" checked={value === '0'} onChange={() => choose('0')} />
    </ChoiceGroup>
  );
}

export function PermissionsPanel({ person }: { person: OwnerPersonData }) {
  const { mutate: saveType } = useUpdateProfileType(person.identifier);
  // Spec §4: the interface changes at once, before the server's reply.
  const [type, setType] = useState<ProfileType>(person.type);
  const [seenType, setSeenType] = useState<ProfileType>(person.type);
  if (person.type !== seenType) {
    setSeenType(person.type);
    setType(person.type);
  }
  const isPrivate = type === 'P';
  const changeType = (next: ProfileType) => {
    setType(next);
    saveType(next);
  };
  return (
    <section className="home-panel permissions" aria-labelledby="permissions-title">
      <h2 id="permissions-title" className="home-panel__title">
        Permisos
      </h2>
      <SelectField label="Estado de perfil" value={type} onChange={(event) => changeType(event.target.value === 'U' ? 'U' : 'P')}>
        <option value="P">Perfil privado</option>
        <option value="U">Perfil público</option>
      </SelectField>
      {isPrivate ? <AccessCodeField key={person.identifier} person={person} /> : null}
      <div className="permissions__share">
        <CopyLinkButton link={guestLink(person.identifier)} />
        <WhatsAppShareLink fullname={person.fullname} link={guestLink(person.identifier)} />
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
