// The guest memorial's server render (built by vite.guest.config.ts into dist-ssr/guest-render.js,
// imported by the server's /guest route): the same component tree the guest bundle hydrates.
import { renderToString } from 'preact-render-to-string';
import type { VNode } from 'preact';
import type { GuestPageData, GuestRenderModule } from '@recuerdos/shared/guest-page';
import { GuestMemorial } from '../features/guest-memorial/components/guest-memorial';

export const renderGuestPage: GuestRenderModule['renderGuestPage'] = (data: GuestPageData) =>
  // The JSX is typed with React's types; the build compiles it to Preact elements.
  renderToString((<GuestMemorial identifier={data.identifier} publicUrl={data.publicUrl} initial={data} />) as unknown as VNode);
