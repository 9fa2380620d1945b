// The landing's images, all in this folder so marketing can replace them without touching code:
// swap a file (same name, or change the import below) and update its Spanish alt text, which must
// say everything the image says. Six flyers for the carousel (spec §9); the plans are text
// (../plans.ts).
import flyer1 from './flyer-1.svg';
import flyer2 from './flyer-2.svg';
import flyer3 from './flyer-3.svg';
import flyer4 from './flyer-4.svg';
import flyer5 from './flyer-5.svg';
import flyer6 from './flyer-6.svg';

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
