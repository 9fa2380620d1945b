// The archive's contents, shaped for a family to keep: a readable JSON file and an HTML page in
// Spanish that opens in any browser without internet (every picture and video sits beside it).
import { limaDate } from '@recuerdos/shared/dates';
import { postDate, profileDate } from '@recuerdos/shared/format';
import { eventWhen, type MemorialEvent } from '@recuerdos/shared/remembrance';
import type { Memorial } from '../../db/schema';
import { escapeHtml } from '../../http/html';
import type { ExportedPost } from './export.repository';

/** A post with the archive path of its media file (null: text only, or the file is gone). */
export interface ArchivedPost {
  post: ExportedPost;
  file: string | null;
}

export interface ArchiveContents {
  memorial: Memorial;
  guestLink: string;
  profileFile: string | null;
  /** The family's ceremonies (issue 14 §2), past and upcoming, in date order. */
  ceremonies: MemorialEvent[];
  family: ArchivedPost[];
  visitors: ArchivedPost[];
  exportedAt: Date;
}

export const ARCHIVE_FORMAT = 'recuerdos-archivo-1';
export const PROFILE_FILE = 'foto-de-perfil.jpg';
export const JSON_FILE = 'recuerdos.json';
export const HTML_FILE = 'index.html';

/** 'Rosa Mamaní Huamán' → 'rosa-mamani-huaman' (ASCII: every unzip tool and file system takes it). */
export function slug(text: string): string {
  const ascii = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return ascii || 'memorial';
}

/** The folder inside the ZIP and the ZIP's own name (without '.zip'). */
export function archiveName(memorial: Pick<Memorial, 'fullname'>): string {
  return `recuerdos-${slug(memorial.fullname)}`;
}

/** 'fotos/familia-001.jpg', 'videos/visitas-002.mp4'. */
export function mediaFileName(section: 'familia' | 'visitas', index: number, kind: 'picture' | 'video'): string {
  const folder = kind === 'video' ? 'videos' : 'fotos';
  return `${folder}/${section}-${String(index + 1).padStart(3, '0')}.${kind === 'video' ? 'mp4' : 'jpg'}`;
}

function kindOf(post: ExportedPost): 'foto' | 'video' | 'mensaje' {
  if (post.mediaKind === 'video') return 'video';
  if (post.mediaKind === 'picture') return 'foto';
  return 'mensaje';
}

function jsonPost({ post, file }: ArchivedPost) {
  return {
    fecha: post.reg,
    fechaLegible: postDate(post.reg),
    autor: post.authorName,
    tipo: kindOf(post),
    texto: post.text,
    archivo: file,
  };
}

export function presentArchiveJson(contents: ArchiveContents): string {
  const { memorial } = contents;
  const document = {
    formato: ARCHIVE_FORMAT,
    exportadoEl: contents.exportedAt.toISOString(),
    memorial: {
      nombre: memorial.fullname,
      nacimiento: memorial.birthdate ?? '',
      fallecimiento: memorial.deathdate ?? '',
      epitafio: memorial.description,
      ubicacion: memorial.location,
      enlace: contents.guestLink,
      fotoDePerfil: contents.profileFile,
      velas: memorial.candles,
      flores: memorial.flowers,
    },
    ceremonias: contents.ceremonies.map((event) => ({
      nombre: event.name,
      fecha: event.date,
      hora: event.time,
      fechaLegible: eventWhen(event),
      lugar: event.place,
      mapa: event.mapUrl,
    })),
    publicacionesDeLaFamilia: contents.family.map(jsonPost),
    recuerdosCompartidos: contents.visitors.map(jsonPost),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

function paragraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

function htmlPost({ post, file }: ArchivedPost, author: string): string {
  let media = '';
  if (file && post.mediaKind === 'video') {
    media = `<video src="${escapeHtml(file)}" controls preload="metadata"></video><p class="file"><a href="${escapeHtml(file)}">Abrir el video</a></p>`;
  } else if (file) {
    const alt = post.text ? `Foto: ${post.text.slice(0, 120)}` : `Foto compartida por ${author}`;
    media = `<a href="${escapeHtml(file)}"><img src="${escapeHtml(file)}" alt="${escapeHtml(alt)}" width="400" height="400" loading="lazy"></a>`;
  } else if (post.mediaKind) {
    media = '<p class="missing">El archivo de esta publicación ya no estaba disponible al descargar.</p>';
  }
  return `<article>${media}${paragraphs(post.text)}<p class="meta">${escapeHtml(author)} · ${escapeHtml(postDate(post.reg))}</p></article>`;
}

function htmlCeremonies(ceremonies: readonly MemorialEvent[]): string {
  if (ceremonies.length === 0) return '';
  const items = ceremonies.map((event) => {
    const map = event.mapUrl ? `<p class="file"><a href="${escapeHtml(event.mapUrl)}">Ver el mapa</a></p>` : '';
    return `<article><h3>${escapeHtml(event.name)}</h3><p>${escapeHtml(eventWhen(event))}</p><p class="place">${escapeHtml(event.place)}</p>${map}</article>`;
  });
  return `<section><h2>Ceremonias</h2>${items.join('')}</section>`;
}

function lifeDates(memorial: Memorial): string {
  const birth = profileDate(memorial.birthdate);
  const death = profileDate(memorial.deathdate);
  if (!birth || !death) return '';
  return `<p class="dates">${escapeHtml(`${birth.dayMonth} ${birth.year}`)} – ${escapeHtml(`${death.dayMonth} ${death.year}`)}</p>`;
}

const STYLE = `body{margin:0;background:#f8f5f0;color:#2b2622;font:18px/1.6 'Segoe UI',Roboto,Arial,sans-serif}
main{max-width:46rem;margin:0 auto;padding:2rem 1.25rem 4rem}
h1,h2{font-family:Georgia,'Times New Roman',serif;font-weight:600;line-height:1.25}
header{text-align:center}header img{border-radius:50%;width:160px;height:160px;object-fit:cover}
.dates,.place,.meta,.note,.missing{color:#5f564e}.epitaph{font-family:Georgia,serif;font-style:italic;font-size:1.2rem}
article{background:#fffdf9;border:1px solid #d9d0c5;border-radius:12px;padding:1rem 1.25rem;margin:0 0 1.25rem}
article img,article video{display:block;width:100%;max-width:400px;height:auto;border-radius:8px;margin:0 0 .75rem}
a{color:#4a3b6b}`;

export function presentArchiveHtml(contents: ArchiveContents): string {
  const { memorial } = contents;
  const name = escapeHtml(memorial.fullname);
  const photo = contents.profileFile
    ? `<img src="${escapeHtml(contents.profileFile)}" alt="Foto de ${name}" width="160" height="160">`
    : '';
  const section = (title: string, posts: ArchivedPost[], author: (post: ExportedPost) => string, empty: string) =>
    `<section><h2>${title}</h2>${posts.length ? posts.map((p) => htmlPost(p, author(p.post))).join('') : `<p class="note">${empty}</p>`}</section>`;
  return `<!doctype html>
<html lang="es-PE">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Recuerdos de ${name}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header>${photo}<h1>${name}</h1>${lifeDates(memorial)}<p class="epitaph">${escapeHtml(memorial.description)}</p><p class="place">${escapeHtml(memorial.location)}</p>
<p class="note">${memorial.candles} velas encendidas · ${memorial.flowers} flores</p></header>
${htmlCeremonies(contents.ceremonies)}
${section('Publicaciones', contents.family, () => 'Familia', 'La familia aún no había compartido publicaciones.')}
${section('Recuerdos compartidos por otros', contents.visitors, (post) => `De ${post.authorName}`, 'Aún no había recuerdos compartidos por otras personas.')}
<p class="note">Copia descargada de Recuerdos el ${escapeHtml(postDate(limaDate(contents.exportedAt)))}. El memorial en línea: <a href="${escapeHtml(contents.guestLink)}">${escapeHtml(contents.guestLink)}</a>. Los datos también están en el archivo ${JSON_FILE}.${videoNote(contents)}</p>
</main>
</body>
</html>
`;
}

/** Issue 26: videos are kept only as converted to play everywhere; the family is told so. */
function videoNote(contents: { family: ArchivedPost[]; visitors: ArchivedPost[] }): string {
  const hasVideo = [...contents.family, ...contents.visitors].some((item) => item.post.mediaKind === 'video');
  return hasVideo ? ' Los videos están en la versión que guardamos para que se vean en cualquier navegador (MP4); el archivo original de cada video no se conserva.' : '';
}

/** POST /person/export-ticket: the link the browser follows to download the archive. */
export function presentExportTicket(identifier: string, ticket: string): { url: string } {
  return { url: `/api/person/export?${new URLSearchParams({ identifier, ticket }).toString()}` };
}
