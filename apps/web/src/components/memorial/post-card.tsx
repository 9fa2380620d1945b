// Post cards (spec §2 'Post cards'), shared by the guest page and the account area. A post with a
// picture path is a picture card, a path ending in .mp4 a video card, and a post without media a
// text card (title, message, date). Media cards are 240×240 and turn over to show 'Dedicatoria',
// the message, the author ('Familia' for the owner's posts, 'De {name}' for a visitor's) and the
// date ('day de month-name del year').
import { useState } from 'react';
import type { Post } from '@recuerdos/shared/api-types';
import { isVideoPath, postDate } from '@recuerdos/shared/format';
import { LIMITS } from '@recuerdos/shared/limits';
import { pictureSrcSet } from '@recuerdos/shared/media';
import { CloseIcon } from '../icons';
import { ExpandIcon, PlayIcon, TurnIcon } from './memorial-icons';
import './post-card.css';

export type PostAuthorKind = 'owner' | 'guest';

/** Spec §2: the owner's posts are signed 'Familia'; a visitor's 'De {name}'. */
export function postAuthor(post: Pick<Post, 'fullname'>, authorKind: PostAuthorKind): string {
  return authorKind === 'owner' ? 'Familia' : `De ${post.fullname}`;
}

export type PostCardKind = 'picture' | 'video' | 'text';

export function postCardKind(post: Pick<Post, 'path'>): PostCardKind {
  if (!post.path) return 'text';
  return isVideoPath(post.path) ? 'video' : 'picture';
}

/** Spec §8: the text a browser that cannot play the video shows. */
export const VIDEO_FALLBACK_TEXT = 'Your browser does not support the video tag.';

export interface PostCardProps {
  post: Post;
  /** Whose post it is: decides the author line. */
  authorKind: PostAuthorKind;
  /** Opens the media viewer on the card's picture or video (media cards). */
  onOpenMedia?: (post: Post) => void;
  /** Shows the close icon (owner area); the caller asks 'Sí, eliminar' / 'No, mantener' (DeletePostDialog). */
  onRequestDelete?: (post: Post) => void;
  /** Shows 'Reportar' (visitors of a memorial); the caller asks why (issue 15). */
  onRequestReport?: (post: Post) => void;
  /** Cards in the first screen load their picture at once; the rest lazily. */
  eager?: boolean;
  className?: string;
}

function DeleteButton({ post, onRequestDelete }: { post: Post; onRequestDelete: ((post: Post) => void) | undefined }) {
  if (!onRequestDelete) return null;
  return (
    <button type="button" className="card-corner-button post-card__delete" aria-label="Eliminar publicación" onClick={() => onRequestDelete(post)}>
      <CloseIcon />
    </button>
  );
}

function ReportButton({ post, onRequestReport }: { post: Post; onRequestReport: ((post: Post) => void) | undefined }) {
  if (!onRequestReport) return null;
  return (
    // The name starts with the visible word (WCAG 2.5.3, label in name).
    <button type="button" className="post-card__report" aria-label="Reportar este recuerdo" onClick={() => onRequestReport(post)}>
      Reportar
    </button>
  );
}

/** The owner's view of a post an operator hid after a report: still theirs, seen by nobody else. */
function HiddenNotice({ post }: { post: Post }) {
  if (!post.hidden) return null;
  return (
    <p className="post-card__hidden" role="note">
      <strong>Oculto por el equipo de Recuerdos.</strong> Solo tú lo ves. Motivo: {post.hiddenReason}
    </p>
  );
}

/**
 * The owner's view of a video still converting, or whose conversion failed (issue 26): nobody else
 * sees it yet. Said in the video's own square, clear of the card's corner buttons.
 */
function VideoState({ post }: { post: Post }) {
  if (post.processing) {
    return (
      <span className="post-card__media post-card__state" role="status">
        {`Procesando el video… ${post.processing.progress} %`}
      </span>
    );
  }
  return (
    <span className="post-card__media post-card__state post-card__state--failed" role="alert">
      {post.failed}
    </span>
  );
}

function PostDate({ post }: { post: Post }) {
  const text = postDate(post.date || post.reg);
  if (!text) return null;
  return (
    <p className="post-card__date">
      <time dateTime={(post.date || post.reg).slice(0, 10)}>{text}</time>
    </p>
  );
}

function TextCard({ post, authorKind, onRequestDelete, onRequestReport, className }: PostCardProps) {
  return (
    <article className={['post-card', 'post-card--text', post.hidden ? 'post-card--hidden' : '', className ?? ''].filter(Boolean).join(' ')}>
      <h3 className="post-card__title">{postAuthor(post, authorKind)}</h3>
      <HiddenNotice post={post} />
      <p className="post-card__message">{post.text.trim()}</p>
      <PostDate post={post} />
      <ReportButton post={post} onRequestReport={onRequestReport} />
      <DeleteButton post={post} onRequestDelete={onRequestDelete} />
    </article>
  );
}

function MediaCard({ post, authorKind, onOpenMedia, onRequestDelete, onRequestReport, eager = false, className }: PostCardProps) {
  const [turned, setTurned] = useState(false);
  // The back is filled the first time the card is turned: less to render and hydrate per card.
  const [everTurned, setEverTurned] = useState(false);
  const kind = postCardKind(post);
  const author = postAuthor(post, authorKind);
  const size = LIMITS.cardMediaPx;
  const srcSet = kind === 'picture' ? pictureSrcSet(post.path, 'post') : '';
  const what = kind === 'video' ? 'video' : 'foto';
  const message = post.text.trim();

  return (
    <article className={['post-card', 'post-card--media', `post-card--${kind}`, post.hidden ? 'post-card--hidden' : '', className ?? ''].filter(Boolean).join(' ')} aria-label={`${kind === 'video' ? 'Video' : 'Foto'}: ${author}`}>
      <HiddenNotice post={post} />
      <div className={turned ? 'post-card__turn is-turned' : 'post-card__turn'}>
        <div className="post-card__face post-card__front" inert={turned} aria-hidden={turned || undefined}>
          {kind === 'picture' ? (
            <img
              className="post-card__media"
              src={post.path}
              srcSet={srcSet || undefined}
              sizes={srcSet ? `${size}px` : undefined}
              width={size}
              height={size}
              alt={message ? `Foto compartida: ${message.slice(0, 120)}` : `Foto compartida por ${author === 'Familia' ? 'la familia' : post.fullname}`}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          ) : post.processing || post.failed ? (
            <VideoState post={post} />
          ) : post.poster ? (
            // The card shows the video's poster frame (issue 13 §3); the player opens in the media
            // viewer, whose <video> carries the fallback text (spec §2, §8). No <video> here: a
            // page's first <video> makes the browser parse its media-controls style sheet during
            // the first frames (docs/decisions/021), and a poster image can load lazily.
            <img
              className="post-card__media"
              src={post.poster}
              width={size}
              height={size}
              alt={message ? `Imagen del video: ${message.slice(0, 120)}` : `Imagen del video compartido por ${author === 'Familia' ? 'la familia' : post.fullname}`}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          ) : (
            // A video stored before poster frames (until the backfill gives it one): a dark square.
            <span className="post-card__media" />
          )}
          {onOpenMedia && !post.processing && !post.failed ? (
            <button type="button" className={`post-card__open post-card__open--${kind}`} onClick={() => onOpenMedia(post)}>
              {kind === 'video' ? <PlayIcon /> : <ExpandIcon />}
              <span className="visually-hidden">{`Ver ${what} en grande`}</span>
            </button>
          ) : null}
        </div>
        {/* A long dedication scrolls: focusable so the keyboard can scroll it too. */}
        <div
          className="post-card__face post-card__back"
          inert={!turned}
          aria-hidden={!turned || undefined}
          role="group"
          aria-label="Dedicatoria"
          tabIndex={turned ? 0 : undefined}
        >
          {everTurned ? (
            <>
              <p className="post-card__dedication">Dedicatoria</p>
              {message ? <p className="post-card__message">{message}</p> : null}
              <p className="post-card__author">{author}</p>
              <PostDate post={post} />
            </>
          ) : null}
        </div>
      </div>
      <button type="button" className="post-card__flip" aria-pressed={turned} onClick={() => {
          setEverTurned(true);
          setTurned((value) => !value);
        }}>
        <TurnIcon />
        <span>{turned ? `Ver ${what}` : 'Ver dedicatoria'}</span>
      </button>
      <ReportButton post={post} onRequestReport={onRequestReport} />
      <DeleteButton post={post} onRequestDelete={onRequestDelete} />
    </article>
  );
}

export function PostCard(props: PostCardProps) {
  return postCardKind(props.post) === 'text' ? <TextCard {...props} /> : <MediaCard {...props} />;
}

/** A stable key for a post in a list (spec §3: the client builds a post id as identifier|date). */
export function postKey(post: Pick<Post, 'identifier' | 'date' | 'reg'>): string {
  return `${post.identifier}|${post.date || post.reg}`;
}
