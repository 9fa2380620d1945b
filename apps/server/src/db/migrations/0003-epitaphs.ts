// Epitaph ideas for the 'Dame una idea' button (spec §2 'Edit data'), written for Recuerdos.
import { sql } from 'kysely';
import type { MigrationDef } from './helpers';

export const EPITAPHS = [
  'Tu amor sigue encendido en cada uno de nosotros.',
  'Te fuiste en silencio, pero tu risa sigue llenando la casa.',
  'Donde hubo amor, nunca habrá olvido.',
  'Nos enseñaste a vivir con el corazón abierto.',
  'Tus manos sembraron lo que hoy florece en nosotros.',
  'Descansa en paz; aquí te seguimos queriendo.',
  'Siempre presente en nuestra mesa, en nuestras historias y en nuestras oraciones.',
  'Tu recuerdo es la luz que nos acompaña cada día.',
  'Partiste primero, pero nunca te fuiste del todo.',
  'Gracias por cada abrazo, cada consejo y cada sonrisa.',
  'Vivirás mientras te nombremos con cariño.',
  'Tu bondad fue tu mejor herencia.',
  'El amor que diste sigue dando fruto.',
  'Te llevamos en la mirada de tus nietos.',
  'Hoy el cielo tiene una estrella más y nuestra casa, un recuerdo eterno.',
  'Tu voz se apagó, pero tus palabras siguen guiándonos.',
  'Fuiste raíz, sombra y abrigo para toda la familia.',
  'Nada de lo que amamos se pierde del todo.',
  'Viviste con alegría, amaste sin medida y nos dejaste en paz.',
  'En cada amanecer te encontramos de nuevo.',
  'Tu ejemplo es el camino que seguimos.',
  'Descansa, que tu tarea de amor quedó cumplida.',
  'Tu nombre está escrito en nuestros corazones.',
  'La distancia no apaga lo que el amor encendió.',
  'Te recordamos con gratitud y con una sonrisa.',
  'Nos queda tu ternura, y con ella nos basta para seguir.',
  'Fuiste hogar para todos los que te conocieron.',
  'Que la tierra te sea leve y el recuerdo, dulce.',
  'Tu alegría sigue contagiándonos desde la memoria.',
  'Amaste la vida, y la vida te devolvió mucho amor.',
  'No te decimos adiós: te decimos hasta siempre.',
  'Tu fe nos sostiene en los días difíciles.',
  'Sembraste paz a tu paso; hoy descansas en ella.',
  'Cada flor que te dejamos lleva un gracias.',
  'Tus historias seguirán contándose en esta familia.',
  'Fuiste fuerza en la tormenta y calma después de ella.',
  'Te extrañamos todos los días; te amaremos siempre.',
  'Tu cariño sigue siendo nuestro mejor refugio.',
  'Aquí descansa un corazón generoso.',
  'Lo que nos diste no cabe en una piedra: vive en nosotros.',
  'Tu huella es imborrable en cada uno de nosotros.',
  'Volaste alto, pero tu amor se quedó con nosotros.',
  'Tu memoria es una vela que nunca se apaga.',
  'Gracias por enseñarnos que amar es lo más importante.',
  'Siempre en nuestro pensamiento, siempre en nuestra familia.',
] as const;

export function epitaphs(): MigrationDef {
  return {
    async up(db) {
      await sql`insert into epitaphs (description) values ${sql.join(EPITAPHS.map((text) => sql`(${text})`))}`.execute(db);
    },
  };
}
