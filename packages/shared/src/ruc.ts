// Peruvian identity numbers the partner channel checks (issue 30): the RUC of a company (SUNAT:
// 11 digits, a known prefix, modulo-11 check digit) and the DNI of a person (8 digits; its check
// character is printed on the card but never part of the number people type).

const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;
/** 10 natural person, 15/16/17 other natural and public bodies, 20 legal entity. */
const RUC_PREFIXES = ['10', '15', '16', '17', '20'] as const;

export const ID_MESSAGES = {
  rucRequired: 'Ingresa el RUC',
  rucDigits: 'El RUC debe tener 11 dígitos',
  rucPrefix: 'El RUC debe empezar con 10, 15, 16, 17 o 20',
  rucCheck: 'El RUC no es válido: revisa el último dígito',
  dniRequired: 'Ingresa el DNI',
  dniDigits: 'El DNI debe tener 8 dígitos',
} as const;

/** The check digit SUNAT gives the first ten digits of a RUC. */
export function rucCheckDigit(firstTen: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(firstTen[i]) * (RUC_WEIGHTS[i] ?? 0);
  const digit = 11 - (sum % 11);
  return digit === 10 ? 0 : digit === 11 ? 1 : digit;
}

/** Why a RUC is refused (Spanish), or null when it is valid. Spaces are ignored. */
export function rucProblem(text: string): string | null {
  const ruc = text.replace(/\s+/g, '');
  if (ruc === '') return ID_MESSAGES.rucRequired;
  if (!/^\d{11}$/.test(ruc)) return ID_MESSAGES.rucDigits;
  if (!RUC_PREFIXES.some((prefix) => ruc.startsWith(prefix))) return ID_MESSAGES.rucPrefix;
  if (rucCheckDigit(ruc.slice(0, 10)) !== Number(ruc[10])) return ID_MESSAGES.rucCheck;
  return null;
}

export function isValidRuc(text: string): boolean {
  return rucProblem(text) === null;
}

export function isValidDni(text: string): boolean {
  return /^\d{8}$/.test(text.trim());
}
