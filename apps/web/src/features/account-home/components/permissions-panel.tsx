// The side panel 'Permisos' (spec §2 'Owner home', §4, §5): the profile's state changes the
// interface at once, before the server answers; while private, the visitors' access code (at most
// 15 characters, no whitespace, saved 1 s after typing stops) and whether visitors may upload
// pictures and videos or leave messages. 'Copiar enlace del perfil' copies the guest link;
// 'Compartir por WhatsApp' shares it (issue 14 §3).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Flag, OwnerPersonData, ProfileType } from '@recuerdos/shared/api-types';
import { MESSAGES } from '@recuerdos/shared/fields';
import { LIMITS } from '@recuerdos/shared/limits';
import { ChoiceGroup, Radio, SelectField, TextField } from '../../../components/field';
import { CopyLinkButton } from '../../../components/memorial/copy-link-button';
import { WhatsAppShareLink } from '../../../components/memorial/whatsapp-share-link';
import { accountKeys } from '../../../lib/account/keys';
import { guestLink } from '../../../lib/account/guest-link';
import { useDebouncedCallback } from '../../../lib/account/use-debounced-callback';
import { reportFailure } from '../../../lib/failure';
import { normalizeAccessCode, updateAccessCode, updateFlag, updateProfileType, type FlagName } from '../api/update-settings';
import { QrDownload } from './qr-download';

/** A failed settings call reads the server's state again and says so (issue 14 §5; spec §8 was silent). */
function useSettingsCache(identifier: string) {
  const queryClient = useQueryClient();
  const key = accountKeys.person(identifier);
  return {
    patch: (change: Partial<OwnerPersonData>) => queryClient.setQueryData<OwnerPersonData>(key, (person) => (person ? { ...person, ...change } : person)),
    resync: (error: unknown) => {
      reportFailure('No pudimos guardar el cambio', error);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  };
}

function AccessCodeField({ person }: { person: OwnerPersonData }) {
  const cache = useSettingsCache(person.identifier);
  const [code, setCode] = useState(person.entercode);
  const [empty, setEmpty] = useState(false);
  const save = useDebouncedCallback((value: string) => {
    if (value === '') return;
    cache.patch({ entercode: value });
    updateAccessCode(person.identifier, value).catch(cache.resync);
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
  const cache = useSettingsCache(person.identifier);
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
    cache.patch(name === 'picture' ? { flagpic: flag } : { flagmsg: flag });
    updateFlag(person.identifier, name, flag).catch(cache.resync);
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
  const cache = useSettingsCache(person.identifier);
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
    cache.patch({ type: next });
    updateProfileType(person.identifier, next).catch(cache.resync);
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
