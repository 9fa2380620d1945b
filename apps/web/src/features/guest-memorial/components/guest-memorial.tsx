// The guest memorial (spec §2 'Guest memorial'; issue 5). Rendered on the server with the data it
// was given and hydrated by the guest bundle on Preact, or rendered in the browser by the SPA's
// /guest route (no `initial`: it loads the data itself). Every viewer is a visitor of the memorial
// named by the id (the owner's own view is the account area's).
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import type { AccountTypeData, GuestViewData, Post } from '@recuerdos/shared/api-types';
import { isVideoPath } from '@recuerdos/shared/format';
import type { GuestPageData } from '@recuerdos/shared/guest-page';
import type { PostKind } from '@recuerdos/shared/post-schemas';
import { visitorsMayLeaveMemories } from '@recuerdos/shared/share';
import { PostList } from '../../../components/memorial/post-list';
import { ProfileCard } from '../../../components/memorial/profile-card';
import { Button } from '../../../components/button';
import { PageSpinner } from '../../../components/spinner';
import { Toaster } from '../../../components/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { HydrateLater, whenHydrated } from '../../../lib/deferred-hydration';
import { clearGuestSession, getSessionState, renewGuestSession, setGuestToken } from '../../../lib/session';
import { PERSONAL_LINK_PARAM } from '@recuerdos/shared/personal-link';
import { getAccountType } from '../api/get-account-type';
import { linkLogin } from '../api/link-login';
import { getGuestView } from '../api/get-guest-view';
import { getPostPage, type GuestList } from '../api/get-post-page';
import { countVisit } from '../api/count-visit';
import { MorePosts } from './more-posts';
import type { GiftType } from '../api/give-gift';
import { AccessCodeForm } from './access-code-form';
import { FormBar } from '../../../components/memorial/form-bar';
import { GiftButtons } from './gift-buttons';
import { videoReceiptsOf } from '../api/video-receipts';
import { GuestFooter, GuestHeader } from './guest-chrome';
import { Ceremonies } from './ceremonies';
import { VISITORS_SECTION_TITLE } from './section-names';
import './guest-memorial.css';

// Loaded only when a visitor acts: the viewer (and its dialog), the modal with its form library,
// schemas and cropper.
const MediaViewer = lazy(() => import('../../../components/memorial/media-viewer').then((m) => ({ default: m.MediaViewer })));
const GuestPostModal = lazy(() => import('./guest-post-modal').then((m) => ({ default: m.GuestPostModal })));
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));
const ReminderDialog = lazy(() => import('./reminder-dialog').then((m) => ({ default: m.ReminderDialog })));

/** Spec §3: '0' means disabled; anything else enabled. */
const enabled = (flag: string) => flag !== '0';

/** 'unreadable': a public memorial whose content did not load: its name, why, and "Reintentar" (issue 14 §5). */
type Phase = 'loading' | 'gate' | 'checking' | 'content' | 'unreadable';

interface State {
  phase: Phase;
  account: AccountTypeData | null;
  view: GuestViewData | null;
  /** Why the code screen shows after a personal link was opened (it no longer opens the memorial). */
  notice?: string | null;
}

/**
 * A personal link's secret (issue 29 §2: `/guest?id=…#acceso=…`), taken out of the address at once so
 * it stays out of the history, a shared screen and what the visitor copies.
 */
function takePersonalLink(): string | null {
  const match = new RegExp(`^#${PERSONAL_LINK_PARAM}=([\\w-]+)$`).exec(window.location.hash);
  if (!match) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return match[1] ?? null;
}

function initialState(initial: GuestPageData | undefined): State {
  if (!initial) return { phase: 'loading', account: null, view: null };
  return { phase: initial.view ? 'content' : 'gate', account: initial.account, view: initial.view };
}

export interface GuestMemorialProps {
  identifier: string;
  /** PUBLIC_URL: the copied link is `${publicUrl}/guest?id=…`. */
  publicUrl: string;
  /** The server's render data; absent in the client-rendered route, which loads it. */
  initial?: GuestPageData;
}

function goHome(): void {
  window.location.replace('/');
}

/**
 * The toasts' live region, mounted once the whole page has hydrated, its memories' cards included
 * (the server's markup has none); only this re-renders.
 */
function ClientToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    let live = true;
    void whenHydrated().then(() => live && setMounted(true));
    return () => {
      live = false;
    };
  }, []);
  return mounted ? <Toaster /> : null;
}

export function GuestMemorial({ identifier, publicUrl, initial }: GuestMemorialProps) {
  const [state, setState] = useState<State>(() => initialState(initial));
  const [viewing, setViewing] = useState<Post | null>(null);
  const [composing, setComposing] = useState<PostKind | null>(null);
  const [reporting, setReporting] = useState<Post | null>(null);
  const [remindMe, setRemindMe] = useState(false);
  /** The watch over this visitor's videos being converted (issue 26), loaded only when there are some. */
  const receiptWatch = useRef<{ stop: () => void; poke: () => void } | null>(null);

  /** The content with the stored guest token (renewed alongside, spec §4); the gate when refused. */
  const loadWithGuestToken = useCallback(
    async (account: AccountTypeData) => {
      setState({ phase: 'checking', account, view: null });
      const [view, renewed] = await Promise.allSettled([getGuestView(identifier, { paged: true }), renewGuestSession()]);
      if (view.status === 'fulfilled' && renewed.status === 'fulfilled') {
        setState({ phase: 'content', account, view: view.value });
        return;
      }
      // A token of another memorial, an expired one, or a changed code: ask for the code again.
      if (view.status === 'rejected' && view.reason instanceof ApiError && view.reason.code === '401') clearGuestSession();
      setState({ phase: 'gate', account, view: null });
    },
    [identifier],
  );

  /** A personal link: its secret buys a guest token, then the content; the code screen says why when it cannot. */
  const enterWithLink = useCallback(
    async (account: AccountTypeData, secret: string) => {
      setState({ phase: 'checking', account, view: null });
      try {
        setGuestToken((await linkLogin(identifier, secret)).token);
      } catch (err) {
        setState({ phase: 'gate', account, view: null, notice: errorMessage(err) });
        return;
      }
      await loadWithGuestToken(account);
    },
    [identifier, loadWithGuestToken],
  );

  // On arrival: a personal link opens the memorial; a returning visitor of a private memorial sees
  // the content without the code; the client-rendered route loads everything.
  useEffect(() => {
    const run = { cancelled: false };
    const start = async () => {
      const secret = takePersonalLink();
      if (state.phase === 'gate' && state.account) {
        if (secret) await enterWithLink(state.account, secret);
        else if (getSessionState().guest) await loadWithGuestToken(state.account);
        return;
      }
      if (state.phase !== 'loading') return;
      let account: AccountTypeData;
      try {
        account = await getAccountType(identifier);
      } catch {
        // Spec §2, §8: an unknown memorial or a failed check goes to /.
        goHome();
        return;
      }
      // Spec §2: any answer but P or U goes to / (the type is checked, not trusted).
      const type: string = account.type;
      if (type === 'U') {
        try {
          const view = await getGuestView(identifier, { paged: true });
          if (!run.cancelled) setState({ phase: 'content', account, view });
        } catch {
          // Spec §8: a failed content load is ignored; the visitor stays (a reload may get through).
          if (!run.cancelled) setState({ phase: 'unreadable', account, view: null });
        }
      } else if (type === 'P') {
        if (secret) await enterWithLink(account, secret);
        else if (getSessionState().guest) await loadWithGuestToken(account);
        else setState({ phase: 'gate', account, view: null });
      } else {
        goHome();
      }
    };
    void start();
    return () => {
      run.cancelled = true;
    };
    // Runs once on arrival; later changes come from the visitor's actions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A personal link opened in the tab that already shows this memorial changes only the fragment.
  const shownAccount = state.account;
  useEffect(() => {
    if (shownAccount?.type !== 'P') return;
    const onHashChange = () => {
      const secret = takePersonalLink();
      if (secret) void enterWithLink(shownAccount, secret);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [shownAccount, enterWithLink]);

  /** A public memorial's content, asked again after a failed load. */
  const retryUnreadable = async (account: AccountTypeData) => {
    setState({ phase: 'loading', account, view: null });
    try {
      setState({ phase: 'content', account, view: await getGuestView(identifier, { paged: true }) });
    } catch {
      setState({ phase: 'unreadable', account, view: null });
    }
  };

  const { phase, account, view } = state;
  const isPrivate = account?.type === 'P';

  /** Watches the videos this browser sent that are still converting (or asks once more). */
  const watchVideos = useCallback(() => {
    if (receiptWatch.current) {
      receiptWatch.current.poke();
      return;
    }
    void import('./video-receipt-watch').then((m) => {
      receiptWatch.current ??= m.watchVideoReceipts(identifier);
    });
  }, [identifier]);

  // A returning visitor whose video was converting learns now how it went.
  useEffect(() => {
    if (phase === 'content' && videoReceiptsOf(identifier).length > 0) watchVideos();
  }, [phase, identifier, watchVideos]);
  useEffect(
    () => () => {
      receiptWatch.current?.stop();
      receiptWatch.current = null;
    },
    [],
  );

  useEffect(() => {
    if (phase === 'content' && view) document.title = `${view.personData.fullname} · Recuerdos`;
    else if (phase === 'gate') document.title = 'Memorial privado · Recuerdos';
  }, [phase, view]);

  // The family's count of visits (issue 29 §4): a load that showed the memorial, not its later pages.
  const firstPage = (initial?.page ?? 1) === 1;
  useEffect(() => {
    if (phase === 'content' && firstPage) countVisit(identifier);
  }, [phase, firstPage, identifier]);

  const addGift = (type: GiftType) =>
    setState((current) => {
      if (!current.view) return current;
      const gifts = { ...current.view.gifts };
      if (type === 'V') gifts.candles += 1;
      else gifts.flowers += 1;
      return { ...current, view: { ...current.view, gifts } };
    });

  const guestLink = `${publicUrl}/guest?id=${encodeURIComponent(identifier)}`;
  /** The ceremonies: first of all during the funeral phase (issue 30 §4), else above the memories. */
  const ceremonies = (view: GuestViewData) => (
    <HydrateLater group="ceremonies">
      <Ceremonies
        identifier={identifier}
        fullname={view.personData.fullname}
        events={view.events}
        link={guestLink}
        isPrivate={isPrivate}
        reminders={view.reminders}
        onRemindMe={() => setRemindMe(true)}
        accompaniedBy={view.funeral?.partner}
        partnerLogo={view.funeral?.logo}
      />
    </HydrateLater>
  );

  /** The next page of one list, appended (a post already shown is never shown twice). */
  const loadMore = useCallback(
    async (list: GuestList, after: string) => {
      const page = await getPostPage(identifier, list, after);
      setState((current) => {
        if (!current.view) return current;
        const key = list === 'family' ? 'adminPosts' : 'guestPosts';
        const shown = new Set(current.view[key].map((post) => post.reg));
        const posts = [...current.view[key], ...page.posts.filter((post) => !shown.has(post.reg))];
        return { ...current, view: { ...current.view, [key]: posts, [list === 'family' ? 'adminNext' : 'guestNext']: page.next } };
      });
    },
    [identifier],
  );
  const loadFamily = useCallback(() => loadMore('family', view?.adminNext ?? ''), [loadMore, view?.adminNext]);
  const loadVisitors = useCallback(() => loadMore('visitors', view?.guestNext ?? ''), [loadMore, view?.guestNext]);
  // The plain link to the next numbered page (for browsers without JavaScript).
  const nextPageHref = `/guest?id=${encodeURIComponent(identifier)}&page=${(initial?.page ?? 1) + 1}`;
  const laterPage = (initial?.page ?? 1) > 1;

  return (
    <div className="guest-page">
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <GuestHeader privateProfile={account ? isPrivate : null} />
      <main id="contenido" className="guest-main" tabIndex={-1}>
        {phase === 'loading' || phase === 'checking' || !account ? (
          <>
            <h1 className="visually-hidden">Memorial</h1>
            <PageSpinner label="Cargando el memorial…" />
          </>
        ) : phase === 'unreadable' ? (
          <div className="guest-unreadable">
            <h1>{account.fullname}</h1>
            <p role="alert">No pudimos cargar los recuerdos de este memorial. Revisa tu conexión e inténtalo de nuevo.</p>
            <Button variant="secondary" onClick={() => void retryUnreadable(account)}>
              Reintentar
            </Button>
          </div>
        ) : phase === 'gate' || !view ? (
          <AccessCodeForm identifier={identifier} fullname={account.fullname} notice={state.notice} onEntered={() => void loadWithGuestToken(account)} />
        ) : (
          <div className="guest-layout">
            {/* The funeral phase (issue 30 §4): the rites come first, with the funeral home's line. */}
            {view.funeral ? <div className="guest-layout__funeral">{ceremonies(view)}</div> : null}
            <div className="guest-layout__profile">
              {/* The profile and the ceremonies hydrate in steps of their own after the page's
                  frame, as each list of memories does (lib/deferred-hydration; each is one element). */}
              <HydrateLater group="profile">
                <ProfileCard
                  person={view.personData}
                  gifts={view.gifts}
                  variant="guest"
                  guestLink={guestLink}
                  share={{ memories: visitorsMayLeaveMemories({ type: account.type, flagmsg: view.flagmsg, flagpic: view.flagpic }) }}
                  headingLevel={1}
                >
                  <GiftButtons identifier={identifier} fullname={view.personData.fullname} onGiven={addGift} />
                </ProfileCard>
              </HydrateLater>
            </div>
            <div className="guest-layout__posts">
              {view.funeral ? null : ceremonies(view)}
              {isPrivate ? (
                <FormBar label="Comparte un recuerdo" messagesAllowed={enabled(view.flagmsg)} picturesAllowed={enabled(view.flagpic)} onOpen={setComposing} />
              ) : null}
              <section className="guest-section" aria-labelledby="publicaciones">
                <h2 id="publicaciones" className="guest-section__title">
                  Publicaciones
                </h2>
                <PostList posts={view.adminPosts} authorKind="owner" onOpenMedia={setViewing} onRequestReport={setReporting} eagerCount={2} hydrateInSteps="family" emptyText={laterPage ? 'No hay más publicaciones de la familia.' : 'La familia aún no ha compartido publicaciones.'} />
                {view.adminNext ? <MorePosts href={nextPageHref} load={loadFamily} /> : null}
              </section>
              <section className="guest-section" aria-labelledby="recuerdos-de-otros">
                <h2 id="recuerdos-de-otros" className="guest-section__title">
                  {VISITORS_SECTION_TITLE}
                </h2>
                <PostList posts={view.guestPosts} authorKind="guest" onOpenMedia={setViewing} onRequestReport={setReporting} hydrateInSteps="visitors" emptyText={laterPage ? 'No hay más recuerdos de visitantes.' : 'Todavía nadie ha compartido un recuerdo.'} />
                {view.guestNext ? <MorePosts href={nextPageHref} load={loadVisitors} /> : null}
              </section>
              {laterPage ? (
                <p className="post-list__more">
                  <a href={`/guest?id=${encodeURIComponent(identifier)}`}>Volver a los recuerdos más recientes</a>
                </p>
              ) : null}
            </div>
          </div>
        )}
      </main>
      <GuestFooter />
      {/* The SPA's /guest route (no server data) already has the root layout's toasts. */}
      {initial ? <ClientToaster /> : null}
      {viewing ? (
        <Suspense fallback={null}>
          <MediaViewer
            path={viewing.path}
            poster={viewing.poster}
            description={viewing.text.trim() || (isVideoPath(viewing.path) ? 'Video compartido' : 'Foto compartida')}
            onClose={() => setViewing(null)}
          />
        </Suspense>
      ) : null}
      {reporting ? (
        <Suspense fallback={null}>
          <ReportDialog identifier={identifier} post={reporting} onClose={() => setReporting(null)} />
        </Suspense>
      ) : null}
      {remindMe && view ? (
        <Suspense fallback={null}>
          <ReminderDialog identifier={identifier} fullname={view.personData.fullname} onClose={() => setRemindMe(false)} />
        </Suspense>
      ) : null}
      {composing && view ? (
        <Suspense fallback={null}>
          <GuestPostModal kind={composing} identifier={identifier} messagesAllowed={enabled(view.flagmsg)} onClose={() => setComposing(null)} onVideoConverting={watchVideos} />
        </Suspense>
      ) : null}
    </div>
  );
}
