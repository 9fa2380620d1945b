// The landing's images, all in this folder so marketing can replace them without touching code:
// swap a file (same name, or change the import below) and update its Spanish alt text, which must
// say everything the image says. Six flyers for the carousel (spec §9) and one pricing image.
import flyer1 from './flyer-1.svg';
import flyer2 from './flyer-2.svg';
import flyer3 from './flyer-3.svg';
import flyer4 from './flyer-4.svg';
import flyer5 from './flyer-5.svg';
import flyer6 from './flyer-6.svg';
import pricing from './pricing.svg';

export interface LandingImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export const FLYERS: readonly LandingImage[] = [
  {
    src: flyer1,
    alt: 'Un lugar para recordarle siempre: su foto, sus fechas, su epitafio y los recuerdos de su familia, en un solo lugar.',
    width: 800,
    height: 1000,
  },
  {
    src: flyer2,
    alt: 'Un código QR en su lápida: quien lo escanee con su celular abrirá su memorial al instante, sin instalar nada.',
    width: 800,
    height: 1000,
  },
  {
    src: flyer3,
    alt: 'Enciende una vela, deja flores: familiares y amigos le acompañan desde cualquier lugar del mundo.',
    width: 800,
    height: 1000,
  },
  {
    src: flyer4,
    alt: 'Recuerdos compartidos: mensajes, fotos y videos de quienes le quisieron. Tú apruebas cada uno.',
    width: 800,
    height: 1000,
  },
  {
    src: flyer5,
    alt: 'Público o privado, tú decides: comparte su memorial con todos, o solo con quienes tengan el código de acceso.',
    width: 800,
    height: 1000,
  },
  {
    src: flyer6,
    alt: 'Cerca, aunque estemos lejos: la familia que vive en otra ciudad u otro país también puede visitarle y recordarle.',
    width: 800,
    height: 1000,
  },
];

export const PRICING: LandingImage = {
  src: pricing,
  alt:
    'Nuestros planes, un memorial para siempre con un solo pago. ' +
    'Plan Esencial, S/ 290: memorial en línea con foto y epitafio, código QR adhesivo para la lápida, velas y flores virtuales, perfil público o privado. ' +
    'Plan Familiar, recomendado, S/ 490: todo lo del plan Esencial, placa de acero con el código QR grabado, mensajes, fotos y videos de visitantes, y tú apruebas cada recuerdo compartido. ' +
    'Plan Legado, S/ 790: todo lo del plan Familiar, hasta 3 memoriales en una cuenta, recordatorios con QR para el velorio y acompañamiento personalizado. ' +
    'Precios referenciales en soles, incluyen IGV.',
  width: 800,
  height: 790,
};
