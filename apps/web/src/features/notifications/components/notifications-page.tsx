// /account/notifications (spec §2 'Pending messages'): the guests' memories waiting for approval,
// each with its text, picture or video, author and date, to approve or deny. Denying deletes the
// memory, so it is asked first, with the dialog that asks before a post is deleted (issue 28 §3).
import { useState } from 'react';
import { isVideoPath, postDate } from '@recuerdos/shared/format';
import { pictureSrcSet } from '@recuerdos/shared/media';
import { BackLink } from '../../../components/back-link';
import { Button } from '../../../components/button';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { DeletePostDialog } from '../../../components/memorial/delete-post-dialog';
import { VIDEO_FALLBACK_TEXT } from '../../../components/memorial/post-card';
import { PageSpinner } from '../../../components/spinner';
import { useAccountUser } from '../../../lib/account/account-user';
import { usePendingPosts, type PendingItem } from '../../../lib/account/get-pending-posts';
import { usePageMeta } from '../../../lib/page-meta';
import { useIsDesktop } from '../../../lib/use-media-query';
import { useModeratePost } from '../api/moderate-post';
import './notifications.css';

/** '1 mensaje pendiente por aprobar' / 'N mensajes pendientes por aprobar' (spec §2). */
export function pendingHeading(count: number): string {
  return `${count} ${count === 1 ? 'mensaje pendiente' : 'mensajes pendientes'} por aprobar`;
}

/** The spec's empty state: shown instead of the count, never below a '0 … por aprobar' (issue 28 §12). */
export const NOTHING_PENDING = 'No tienes mensajes pendientes por aprobar';

type PendingKind = 'mensaje' | 'foto' | 'video';

function pendingKind(post: Pick<PendingItem, 'path'>): PendingKind {
  if (!post.path) return 'mensaje';
  return isVideoPath(post.path) ? 'video' : 'foto';
}

/**
 * What waits, counted by its kind: '2 fotos y 1 video', '1 mensaje, 1 foto y 3 videos' (issue 28 §12:
 * a photo is not a 'mensaje'). Empty when only text messages wait, as the spec's heading already says so.
 */
export function pendingKinds(posts: readonly Pick<PendingItem, 'path'>[]): string {
  const counts: Record<PendingKind, number> = { mensaje: 0, foto: 0, video: 0 };
  for (const post of posts) counts[pendingKind(post)] += 1;
  if (counts.foto === 0 && counts.video === 0) return '';
  const parts = (Object.keys(counts) as PendingKind[]).filter((kind) => counts[kind] > 0).map((kind) => `${counts[kind]} ${kind}${counts[kind] === 1 ? '' : 's'}`);
  return parts.length === 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1) ?? ''}`;
}

function PendingMedia({ post }: { post: PendingItem }) {
  if (!post.path) return null;
  // A visitor's video still converting (issue 26): said, with its progress, until it plays; the
  // family may approve it meanwhile (it appears once ready).
  if (post.processing) {
    return (
      <p className="pending__media pending__converting" role="status">
        Procesando el video… {post.processing.progress} %
      </p>
    );
  }
  if (isVideoPath(post.path)) {
    return (
      <video className="pending__media" src={post.path} poster={post.poster} controls preload={post.poster ? 'none' : 'metadata'} aria-label={`Video de ${post.fullname}`}>
        {VIDEO_FALLBACK_TEXT}
      </video>
    );
  }
  return (
    <img
      className="pending__media"
      src={post.path}
      srcSet={pictureSrcSet(post.path, 'post') || undefined}
      sizes="(min-width: 600px) 240px, 100vw"
      alt={post.text ? `Foto de ${post.fullname}: ${post.text.slice(0, 100)}` : `Foto compartida por ${post.fullname}`}
      width={240}
      height={240}
      loading="lazy"
    />
  );
}

function PendingPostItem({ post }: { post: PendingItem }) {
  const { identifier } = useAccountUser();
  const moderate = useModeratePost(identifier);
  const running = moderate.isPending ? moderate.variables.action : null;
  const [confirmingDeny, setConfirmingDeny] = useState(false);
  const act = (action: 'approve' | 'deny') => moderate.mutate({ action, reg: post.reg, fullname: post.fullname }, { onSettled: () => setConfirmingDeny(false) });
  return (
    <li className="pending">
      <article className="pending__card" aria-label={`Recuerdo de ${post.fullname}`}>
        <PendingMedia post={post} />
        <div className="pending__body">
          {post.text.trim() ? <p className="pending__text">{post.text}</p> : null}
          <p className="pending__meta">
            <span className="pending__author">De {post.fullname}</span>
            <span aria-hidden="true"> · </span>
            <span>{postDate(post.date || post.reg)}</span>
          </p>
          <div className="pending__actions">
            <Button
              size="sm"
              icon={<CheckIcon />}
              loading={running === 'approve'}
              disabled={running !== null}
              onClick={() => act('approve')}
              aria-label={`Aprobar el recuerdo de ${post.fullname}`}
            >
              Aprobar
            </Button>
            <Button
              size="sm"
              variant="secondary"
              icon={<CloseIcon />}
              loading={running === 'deny'}
              disabled={running !== null}
              onClick={() => setConfirmingDeny(true)}
              aria-label={`Rechazar el recuerdo de ${post.fullname}`}
            >
              Rechazar
            </Button>
          </div>
        </div>
      </article>
      <DeletePostDialog
        open={confirmingDeny}
        deleting={running === 'deny'}
        onConfirm={() => act('deny')}
        onCancel={() => setConfirmingDeny(false)}
        wording={{
          title: `¿Rechazar el recuerdo de ${post.fullname}?`,
          text: 'Se eliminará y no se mostrará en el perfil. Esta acción no se puede deshacer.',
          confirm: 'Sí, rechazar',
        }}
      />
    </li>
  );
}

export function NotificationsPage() {
  usePageMeta('Notificaciones', 'Recuerdos por aprobar.');
  const desktop = useIsDesktop();
  const pending = usePendingPosts();
  const posts = pending.data ?? [];
  const kinds = pendingKinds(posts);
  return (
    <div className="notifications">
      {desktop ? null : <BackLink to="/account" />}
      {pending.isPending ? (
        <>
          <h1 className="visually-hidden">Notificaciones</h1>
          <PageSpinner label="Cargando tus mensajes pendientes…" />
        </>
      ) : (
        <>
          <h1 className="notifications__title">{posts.length === 0 ? NOTHING_PENDING : pendingHeading(posts.length)}</h1>
          {kinds ? <p className="notifications__kinds">{kinds}</p> : null}
          <p className="notifications__intro">Aprueba los recuerdos compartidos por otras personas para verlos en el perfil</p>
          {posts.length === 0 ? null : (
            <ul className="pending-list">
              {posts.map((post) => (
                <PendingPostItem key={post.id} post={post} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
