// /account, the owner's home (spec §2 'Owner home'): the profile card in its admin view with
// 'Editar datos', the side panel 'Permisos', the form bar that adds posts, the family's posts
// (reorderable, deletable) and the visitors' approved memories (deletable). At 1100 px or more the
// posts and the side column trade places. While a ceremony is upcoming, it is shown (and shared)
// under the profile card, near the top of a phone's home (issue 28 §10).
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { Post } from '@recuerdos/shared/api-types';
import type { PostKind } from '@recuerdos/shared/post-schemas';
import { PencilIcon } from '../../../components/account-icons';
import { buttonClass } from '../../../components/button';
import { DeletePostDialog } from '../../../components/memorial/delete-post-dialog';
import { MediaViewer } from '../../../components/memorial/media-viewer';
import { postAuthor } from '../../../components/memorial/post-card';
import { PostList } from '../../../components/memorial/post-list';
import { ProfileCard } from '../../../components/memorial/profile-card';
import { PageSpinner } from '../../../components/spinner';
import { useAccountUser } from '../../../lib/account/account-user';
import { useGifts } from '../../../lib/account/get-gifts';
import { usePerson } from '../../../lib/account/get-person';
import { usePageMeta } from '../../../lib/page-meta';
import { useDeletePost, type PostListName } from '../api/delete-post';
import { useAdminPosts, useGuestApprovedPosts } from '../api/get-posts';
import { useUpdateCardsOrder } from '../api/update-cards-order';
import { FormBar } from '../../../components/memorial/form-bar';
import { PermissionsPanel } from './permissions-panel';
import { CeremoniesPanel, UpcomingCeremonies } from '../../remembrance/components/ceremonies-panel';
import { AccessRequestsPanel } from '../../access-requests/components/access-requests-panel';
import { ReorderablePosts, sortablePosts } from './reorderable-posts';
import { VisitsSummary } from './visits-summary';
import { lazyTool, usePreloadWhenIdle } from '../../../lib/lazy-tool';
import './account-home.css';

// The add dialog (its form, the cropper, the resumable video upload, the schemas) loads when the
// owner reaches for the form bar, or once the page is idle: not before the home paints (issue 27 §2).
const addPostDialog = lazyTool(() => import('./add-post-dialog'), (module) => module.AddPostDialog);

interface Deleting {
  post: Post;
  list: PostListName;
}

export function AccountHomePage() {
  const person = usePerson();
  const gifts = useGifts();
  const adminPosts = useAdminPosts();
  const guestPosts = useGuestApprovedPosts();
  const { identifier } = useAccountUser();
  const removal = useDeletePost(identifier);
  const { mutate: reorder } = useUpdateCardsOrder(identifier);
  const [adding, setAdding] = useState<PostKind | null>(null);
  // Mounted from the first opening on, so closing it behaves as it always did.
  const [addingUsed, setAddingUsed] = useState(false);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [viewing, setViewing] = useState<{ path: string; poster?: string | undefined; description: string } | null>(null);
  usePageMeta(person.data?.fullname ?? 'Inicio', 'Tu memorial en Recuerdos.');
  usePreloadWhenIdle([addPostDialog, sortablePosts]);

  if (person.isPending) return <PageSpinner label="Cargando tu memorial…" />;
  if (!person.data) {
    return (
      <div className="home-error">
        <h1>Inicio</h1>
        <p>No pudimos cargar tu memorial. Revisa tu conexión y vuelve a intentarlo.</p>
      </div>
    );
  }

  const showPermissions = () => {
    const panel = document.getElementById('permisos');
    if (!panel) return;
    const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    panel.scrollIntoView({ behavior: calm ? 'auto' : 'smooth', block: 'start' });
    panel.focus({ preventScroll: true });
  };
  const open = (post: Post, kind: 'owner' | 'guest') =>
    setViewing({ path: post.path, poster: post.poster, description: post.text.trim() || `Publicación de ${postAuthor(post, kind) === 'Familia' ? 'la familia' : post.fullname}` });

  const confirmDelete = () => {
    if (deleting) removal.mutate(deleting, { onSettled: () => setDeleting(null) });
  };

  return (
    <div className="home">
      <div className="home__profile">
        <ProfileCard
          variant="admin"
          headingLevel={1}
          person={person.data}
          gifts={gifts.data ?? { candles: 0, flowers: 0 }}
          editAction={
            <Link to="/account/edit-basic-data" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              <PencilIcon />
              Editar datos
            </Link>
          }
        >
          <VisitsSummary />
        </ProfileCard>
        {/* Below 1100 px the panel comes after every post: one tap brings it (issue 14 §6). */}
        <button type="button" className={`home__jump ${buttonClass({ variant: 'ghost', size: 'sm' })}`} onClick={showPermissions}>
          Permisos y compartir
        </button>
        <UpcomingCeremonies person={person.data} />
      </div>
      <div className="home__posts">
        <FormBar
          label="Agregar una publicación"
          onReach={() => void addPostDialog.preload().catch(() => undefined)}
          onOpen={(kind) => {
            setAddingUsed(true);
            setAdding(kind);
          }}
        />
        <section aria-labelledby="owner-posts-title" className="home__section">
          <h2 id="owner-posts-title">Publicaciones</h2>
          {adminPosts.isPending ? (
            <PageSpinner label="Cargando tus publicaciones…" />
          ) : (adminPosts.data ?? []).length === 0 ? (
            <p className="home__empty">Aún no has compartido publicaciones. Empieza con una foto, un video o unas palabras.</p>
          ) : (
            <>
              <p className="home__hint muted">Mantén presionada una publicación para cambiar su lugar, o usa su botón de mover con el teclado.</p>
              <ReorderablePosts
                posts={adminPosts.data ?? []}
                onReorder={reorder}
                onOpenMedia={(post) => open(post, 'owner')}
                onRequestDelete={(post) => setDeleting({ post, list: 'admin' })}
              />
            </>
          )}
        </section>
        <section aria-labelledby="guest-posts-title" className="home__section">
          <h2 id="guest-posts-title">Recuerdos compartidos por otros</h2>
          {guestPosts.isPending ? (
            <PageSpinner label="Cargando los recuerdos compartidos…" />
          ) : (
            <PostList
              posts={guestPosts.data ?? []}
              authorKind="guest"
              onOpenMedia={(post) => open(post, 'guest')}
              onRequestDelete={(post) => setDeleting({ post, list: 'guest' })}
              emptyText="Aún no hay recuerdos compartidos por otras personas."
            />
          )}
        </section>
      </div>
      <div className="home__permissions" id="permisos" tabIndex={-1}>
        <PermissionsPanel person={person.data} />
        <CeremoniesPanel person={person.data} />
        <AccessRequestsPanel person={person.data} />
      </div>
      {addingUsed ? (
        <Suspense fallback={null}>
          <addPostDialog.Component kind={adding} onClose={() => setAdding(null)} />
        </Suspense>
      ) : null}
      <DeletePostDialog open={deleting !== null} deleting={removal.isPending} onConfirm={confirmDelete} onCancel={() => setDeleting(null)} />
      <MediaViewer path={viewing?.path ?? null} poster={viewing?.poster} description={viewing?.description ?? ''} onClose={() => setViewing(null)} />
    </div>
  );
}
