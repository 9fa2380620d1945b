// The plans shown on the landing, as text (issue 14: a picture of the prices could not be read on a
// phone, by a screen reader or by a search engine). Taken word for word from the pricing picture
// of the first version; the prices are placeholders to confirm with sales before launch.
export interface Plan {
  name: string;
  /** Soles, IGV included. */
  price: number;
  recommended: boolean;
  features: readonly string[];
}

export const PLANS_NOTE = 'Precios referenciales en soles, incluyen IGV.';

export const PLANS: readonly Plan[] = [
  {
    name: 'Esencial',
    price: 290,
    recommended: false,
    features: ['Memorial en línea con foto y epitafio', 'Código QR adhesivo para la lápida', 'Velas y flores virtuales', 'Perfil público o privado'],
  },
  {
    name: 'Familiar',
    price: 490,
    recommended: true,
    features: [
      'Todo lo del plan Esencial',
      'Placa de acero con el código QR grabado',
      'Mensajes, fotos y videos de visitantes',
      'Tú apruebas cada recuerdo compartido',
    ],
  },
  {
    name: 'Legado',
    price: 790,
    recommended: false,
    features: ['Todo lo del plan Familiar', 'Hasta 3 memoriales en una cuenta', 'Recordatorios con QR para el velorio', 'Acompañamiento personalizado'],
  },
];

/** 'S/ 490': how prices are written in Peru. */
export function formatSoles(amount: number): string {
  return `S/ ${amount}`;
}
