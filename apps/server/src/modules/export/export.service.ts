// 'Descargar mis recuerdos' (beyond the spec, issue 6): one memorial as a ZIP the family keeps —
// its data (JSON and an HTML page), every published post, and their pictures and videos. The ZIP
// is streamed as it is built: media are read from the store one at a time, never held in memory.
import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { AppContext } from '../../context';
import { accessMemorial, type Caller } from '../../auth/memorial-access';
import { authorize } from '../../auth/permissions';
import type { MediaStore } from '../../storage/media-store';
import { mediaStoreFor } from '../../storage/media-store-for';
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
import { publishedPosts, type ExportedPost } from './export.repository';

export interface MemorialArchive {
  /** The download's file name, e.g. 'recuerdos-rosa-mamani-huaman.zip'. */
  filename: string;
  stream: Readable;
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
    const info = object ? await store.stat(object) : null;
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

export async function exportMemorial(ctx: AppContext, caller: Caller, identifier: string, now = new Date()): Promise<MemorialArchive> {
  const access = await accessMemorial(ctx.db, caller, identifier);
  authorize(EXPORT_POLICY.download, access);
  const { memorial } = access;
  const store = mediaStoreFor(ctx);

  const posts = await publishedPosts(ctx.db, memorial.id);
  const media: ArchiveMedia[] = [];
  let profileFile: string | null = null;
  if (memorial.photoKey) {
    const object = `${memorial.photoKey}.jpg`;
    const info = await store.stat(object);
    if (info) {
      profileFile = PROFILE_FILE;
      media.push({ path: PROFILE_FILE, object, size: info.size, modifiedAt: info.modifiedAt });
    }
  }
  const family = await archivePosts(store, posts.family, 'familia', media);
  const visitors = await archivePosts(store, posts.visitors, 'visitas', media);

  const contents = {
    memorial,
    guestLink: `${ctx.config.publicUrl}/guest?id=${encodeURIComponent(memorial.identifier)}`,
    profileFile,
    family,
    visitors,
    exportedAt: now,
  };
  const folder = archiveName(memorial);
  const zip = new ZipFile();
  // Pictures and videos are already compressed: stored as they are (no CPU spent for nothing).
  zip.addBuffer(Buffer.from(presentArchiveHtml(contents), 'utf8'), `${folder}/${HTML_FILE}`, { mtime: now });
  zip.addBuffer(Buffer.from(presentArchiveJson(contents), 'utf8'), `${folder}/${JSON_FILE}`, { mtime: now });
  for (const item of media) {
    zip.addReadStreamLazy(`${folder}/${item.path}`, { size: item.size, mtime: item.modifiedAt, compress: false }, (cb) => {
      cb(null, store.read(item.object));
    });
  }
  zip.end();

  // yazl reports a failed read (a file deleted meanwhile) on the ZipFile, not on its stream: end
  // the download with an error so the browser does not keep a truncated archive as complete.
  const output = new PassThrough();
  zip.on('error', (err: unknown) => {
    ctx.log.error({ err, memorial: memorial.identifier }, 'Memorial export failed while streaming');
    output.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  zip.outputStream.pipe(output);
  return { filename: `${folder}.zip`, stream: output };
}
