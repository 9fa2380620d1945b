// Memorial (person) data and settings (spec §5 'Edit data', §7 /person/*).
import { z } from './zod';
import { accessCodeField } from './user-schemas';
import { MESSAGES, flagField, identifierField, requiredText } from './fields';
import { LIMITS } from './limits';
import { isValidPastDate, toIsoDate } from './dates';

export const fullnameField = requiredText(MESSAGES.fullnameRequired).max(LIMITS.fullnameMax, MESSAGES.fullnameMax);
export const epitaphField = requiredText(MESSAGES.epitaphRequired, { multiline: true }).max(LIMITS.epitaphMax, MESSAGES.epitaphMax);
export const placeField = requiredText(MESSAGES.placeRequired).max(LIMITS.placeMax, MESSAGES.placeMax);

/** The 'Editar datos' form: selects give the date parts as strings. */
export const editDataFormSchema = z
  .object({
    name: fullnameField,
    birthYear: requiredText(MESSAGES.yearRequired),
    birthMonth: requiredText(MESSAGES.monthRequired),
    birthDay: requiredText(MESSAGES.dayRequired),
    deathYear: requiredText(MESSAGES.yearRequired),
    deathMonth: requiredText(MESSAGES.monthRequired),
    deathDay: requiredText(MESSAGES.dayRequired),
    epitaph: epitaphField,
    place: placeField,
  })
  .superRefine((value, ctx) => {
    const birth = toIsoDate(value.birthYear, value.birthMonth, value.birthDay);
    const death = toIsoDate(value.deathYear, value.deathMonth, value.deathDay);
    if (!isValidPastDate(birth)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.birthdateInvalid, path: ['birthDate'] });
      return;
    }
    if (!isValidPastDate(death)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.deathdateInvalid, path: ['deathDate'] });
      return;
    }
    if (death < birth) ctx.addIssue({ code: 'custom', message: MESSAGES.deathBeforeBirth, path: ['deathDate'] });
  });
export type EditDataFormInput = z.input<typeof editDataFormSchema>;

/** POST /person/update-basic-data (the picture travels as a file part). */
export const updateBasicDataSchema = z
  .object({
    identifier: identifierField,
    fullname: fullnameField,
    birthdate: z.string({ error: MESSAGES.birthdateInvalid }).trim().refine((v) => isValidPastDate(v), MESSAGES.birthdateInvalid),
    deathdate: z.string({ error: MESSAGES.deathdateInvalid }).trim().refine((v) => isValidPastDate(v), MESSAGES.deathdateInvalid),
    location: placeField,
    description: epitaphField,
  })
  .refine((value) => value.deathdate >= value.birthdate, { message: MESSAGES.deathBeforeBirth, path: ['deathdate'] });

export const profileTypeField = z.enum(['P', 'U'], { error: MESSAGES.profileTypeInvalid });

export const updateProfileTypeSchema = z.object({ identifier: identifierField, type: profileTypeField });

/** Spec §5: the owner's code is limited to 15 characters and all whitespace is removed. */
export const updateAccessCodeSchema = z.object({ identifier: identifierField, code: accessCodeField });

export const updateFlagSchema = z.object({ identifier: identifierField, flag: flagField });

export const identifierQuerySchema = z.object({ identifier: identifierField });
export const idQuerySchema = z.object({ id: identifierField });
export const ownerQuerySchema = z.object({
  email: z.string().trim().toLowerCase().optional(),
  identifier: identifierField,
});
