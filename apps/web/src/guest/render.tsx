// The guest memorial's server render (built by vite.guest.config.ts into dist-ssr/guest-render.js,
// imported by the server's /guest route): the same component tree the guest bundle hydrates.
import { renderToString } from 'preact-render-to-string';
import type { GuestPageData, GuestRenderModule } from '@recuerdos/shared/guest-page';
import { GuestMemorial } from '../features/guest-memorial/components/guest-memorial';

export const renderGuestPage: GuestRenderModule['renderGuestPage'] = (data: GuestPageData) =>
  // The build compiles this JSX to Preact elements (vite.guest.config.ts aliases React to Preact).
  renderToString(<GuestMemorial identifier={data.identifier} publicUrl={data.publicUrl} initial={data} />);
