// The media viewer dialog (spec §2): a path ending in .mp4 plays as a video, anything else shows as
// an image (the largest stored size, through srcset).
import { isVideoPath } from '@recuerdos/shared/format';
import { pictureSrcSet } from '@recuerdos/shared/media';
import { Modal } from '../modal';
import { VIDEO_FALLBACK_TEXT } from './post-card';
import './media-viewer.css';

export interface MediaViewerProps {
  /** The media path (`/media/<key>.jpg`, `.mp4`, or a blob: URL); null keeps the dialog closed. */
  path: string | null;
  /** Describes the picture or video for screen readers (e.g. the post's message or author). */
  description: string;
  /** A video's poster frame, shown until it plays. */
  poster?: string | undefined;
  onClose: () => void;
}

export function MediaViewer({ path, description, poster, onClose }: MediaViewerProps) {
  const video = isVideoPath(path);
  const srcSet = path && !video ? pictureSrcSet(path, 'post') : '';
  return (
    <Modal open={path !== null} onClose={onClose} title={video ? 'Video' : 'Foto'} size="lg" hideTitle className="media-viewer">
      {path === null ? null : video ? (
        <video className="media-viewer__media" src={path} poster={poster} preload="none" controls autoPlay playsInline aria-label={description}>
          {VIDEO_FALLBACK_TEXT}
        </video>
      ) : (
        <img
          className="media-viewer__media"
          src={path}
          srcSet={srcSet || undefined}
          sizes={srcSet ? '(max-width: 860px) 100vw, 800px' : undefined}
          width={800}
          height={800}
          alt={description}
        />
      )}
    </Modal>
  );
}
