// 'Descargar mis recuerdos' (beyond the spec, issue 6): one memorial as a ZIP the family keeps —
// its data and ceremonies (JSON and an HTML page), every published post, and their pictures and videos. The ZIP
// is streamed as it is built: media are read from the store one at a time, never held in memory.
import { guestUrl } from '../../http/links';
import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { AppContext } from '../../context';
import { accessMemorial, findMemorial, memorialNotFound, type Caller } from '../../auth/memorial-access';
import { hashToken, newToken } from '../../auth/tokens';
import { nowIso } from '../../db/database';
import type { Memorial } from '../../db/schema';
import { unauthorized } from '../../http/errors';
import { authorize } from '../../auth/permissions';
import type { MediaStore } from '../../storage/media-store';
import { EXPORT_POLICY } from './export.policy';
import {
  HTML_FILE,
  JSON_FILE,
  PROFILE_FILE,
  archiveName,
  mediaFileName,
  presentArchiveHtml,
  presentArchiveJson,
  type ArchivedPost,
} from './export.presenter';
import { eventsOf } from '../remembrance/remembrance.repository';
import { presentEvents } from '../remembrance/remembrance.presenter';
import { deleteOldTickets, insertTicket, publishedPosts, redeemTicket, type ExportedPost } from './export.repository';

export interface MemorialArchive {
  /** The download's file name, e.g. 'recuerdos-rosa-mamani-huaman.zip'. */
  filename: string;
  stream: Readable;
  /** The archive's exact size in bytes, when it could be known before writing it. */
  size: number | null;
}

/** A stored object to copy into the archive under `path`. */
interface ArchiveMedia {
  path: string;
  object: string;
  size: number;
  modifiedAt: Date;
}

/** The object holding a post's full-size media: the largest JPEG of a picture, or the MP4. */
function mediaObject(post: ExportedPost): string | null {
  if (!post.mediaKey || !post.mediaKind) return null;
  return post.mediaKey + (post.mediaKind === 'video' ? '.mp4' : '.jpg');
}

async function archivePosts(
  store: MediaStore,
  posts: ExportedPost[],
  section: 'familia' | 'visitas',
  media: ArchiveMedia[],
): Promise<ArchivedPost[]> {
  const archived: ArchivedPost[] = [];
  for (const [index, post] of posts.entries()) {
    const object = mediaObject(post);
    const info = object ? await store.head(object) : null;
    if (!object || !info || !post.mediaKind) {
      archived.push({ post, file: null });
      continue;
    }
    const path = mediaFileName(section, index, post.mediaKind);
    media.push({ path, object, size: info.size, modifiedAt: info.modifiedAt });
    archived.push({ post, file: path });
  }
  return archived;
}

/** How long the link of 'Descargar mis recuerdos' works: the browser follows it at once. */
export const EXPORT_TICKET_TTL_MS = 120_000;
const DAY_MS = 24 * 3600_000;

export const EXPORT_MESSAGES = {
  ticketInvalid: 'El enlace de descarga no es válido o ha expirado. Vuelve a intentarlo desde tu cuenta',
} as const;

/**
 * A single-use link to the archive for the owner: the browser downloads it by following the link
 * (streamed to disk with its own progress), which a header-borne session cannot do.
 */
export async function createExportTicket(ctx: AppContext, caller: Caller, identifier: string, now = new Date()): Promise<string> {
  const access = await accessMemorial(ctx.db, caller, identifier);
  authorize(EXPORT_POLICY.download, access);
  const ticket = newToken();
  await deleteOldTickets(ctx.db, nowIso(new Date(now.getTime() - DAY_MS)));
  await insertTicket(ctx.db, {
    ticketHash: hashToken(ticket),
    accountId: access.memorial.accountId,
    memorialId: access.memorial.id,
    createdAt: nowIso(now),
    expiresAt: nowIso(new Date(now.getTime() + EXPORT_TICKET_TTL_MS)),
  });
  return ticket;
}

/** The archive for the memorial's owner (the session in the 'token' header). */
export async function exportMemorial(ctx: AppContext, caller: Caller, identifier: string, now = new Date()): Promise<MemorialArchive> {
  const access = await accessMemorial(ctx.db, caller, identifier);
  authorize(EXPORT_POLICY.download, access);
  return buildArchive(ctx, access.memorial, now);
}

/** The archive for whoever holds a ticket of createExportTicket (once, while it is fresh). */
export async function exportMemorialWithTicket(ctx: AppContext, ticket: string, identifier: string, now = new Date()): Promise<MemorialArchive> {
  const memorial = await findMemorial(ctx.db, identifier);
  if (!memorial) throw memorialNotFound();
  const accountId = await redeemTicket(ctx.db, hashToken(ticket), memorial.id, nowIso(now));
  // The memorial still belongs to the account the ticket was made for.
  if (accountId === null || accountId !== memorial.accountId) throw unauthorized(EXPORT_MESSAGES.ticketInvalid);
  return buildArchive(ctx, memorial, now);
}

async function buildArchive(ctx: AppContext, memorial: Memorial, now: Date): Promise<MemorialArchive> {
  const store = ctx.media;

  const posts = await publishedPosts(ctx.db, memorial.id);
  const media: ArchiveMedia[] = [];
  let profileFile: string | null = null;
  if (memorial.photoKey) {
    const object = `${memorial.photoKey}.jpg`;
    const info = await store.head(object);
    if (info) {
      profileFile = PROFILE_FILE;
      media.push({ path: PROFILE_FILE, object, size: info.size, modifiedAt: info.modifiedAt });
    }
  }
  const family = await archivePosts(store, posts.family, 'familia', media);
  const visitors = await archivePosts(store, posts.visitors, 'visitas', media);

  const contents = {
    memorial,
    guestLink: guestUrl(ctx.config.publicUrl, memorial.identifier),
    profileFile,
    ceremonies: presentEvents(await eventsOf(ctx.db, memorial.id), now),
    family,
    visitors,
    exportedAt: now,
  };
  const folder = archiveName(memorial);
  const zip = new ZipFile();
  // Nothing is compressed: pictures and videos already are (no CPU spent for nothing), and the two
  // small text files stored as they are let the archive's size be known before it is written, so
  // the browser shows how far the download has come.
  zip.addBuffer(Buffer.from(presentArchiveHtml(contents), 'utf8'), `${folder}/${HTML_FILE}`, { mtime: now, compress: false });
  zip.addBuffer(Buffer.from(presentArchiveJson(contents), 'utf8'), `${folder}/${JSON_FILE}`, { mtime: now, compress: false });
  for (const item of media) {
    zip.addReadStreamLazy(`${folder}/${item.path}`, { size: item.size, mtime: item.modifiedAt, compress: false }, (cb) => {
      // A file deleted meanwhile fails the archive (below), never leaves it silently short.
      store.get(item.object).then(
        (object) => (object ? cb(null, object.body) : cb(new Error(`Media object gone during export: ${item.object}`), undefined as never)),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err)), undefined as never),
      );
    });
  }
  // yazl answers at once when every entry's size is known (its typings miss the argument).
  let size: number | null = null;
  const onSize = (finalSize: number) => {
    size = finalSize >= 0 ? finalSize : null;
  };
  zip.end({ forceZip64Format: false, comment: '' }, onSize as () => void);

  // yazl reports a failed read (a file deleted meanwhile) on the ZipFile, not on its stream: end
  // the download with an error so the browser does not keep a truncated archive as complete.
  const output = new PassThrough();
  zip.on('error', (err: unknown) => {
    ctx.log.error({ err, memorial: memorial.identifier }, 'Memorial export failed while streaming');
    output.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  zip.outputStream.pipe(output);
  return { filename: `${folder}.zip`, stream: output, size };
}
