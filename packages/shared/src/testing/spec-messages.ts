// Spec §5's messages for a form sent empty, written out as the spec writes them (not read from the
// schemas' constants, so a changed constant fails the tests): the schemas' tests, the pages' tests
// and the browser tests check each layer against the same list. For tests only.

/** 'Complaints': every field required, in the form's order. */
export const EMPTY_COMPLAINT_MESSAGES = [
  'Ingresa la fecha',
  'Ingresa tu nombre',
  'Ingresa tus apellidos',
  'Ingresa tu email',
  'Ingresa tu número de contrato',
  'Ingresa tu número de documento',
  'Ingresa tu número de teléfono',
  'Ingresa el tipo',
  'Ingresa el detalle de la reclamación',
  'Ingresa el pedido del consumidor',
];

/** The complaints page sent empty: its type always has a value (a claim by default), so it never says 'Ingresa el tipo'. */
export const EMPTY_COMPLAINT_PAGE_MESSAGES = EMPTY_COMPLAINT_MESSAGES.filter((message) => message !== 'Ingresa el tipo');

/** 'Edit data' (the person's basic data), in the form's order: the name, the birth and death dates (year, month, day), the epitaph, the place. */
export const EMPTY_EDIT_DATA_MESSAGES = [
  'Ingresa el nombre de tu ser querido',
  'Ingresa el año',
  'Ingresa el mes',
  'Ingresa el día',
  'Ingresa el año',
  'Ingresa el mes',
  'Ingresa el día',
  'Ingresa el epitafio',
  'Ingresa la ubicación de tu ser querido',
];
