// /guest?id= in the client-rendered app: the fallback when the server has no guest bundle (and a
// route the account area may link to). The same page component as the server-rendered one, which
// here loads its data (verify-type-account, then guest-view). The route guard already sent a
// visitor without an id to /.
import { useLocation } from 'react-router';
import { siteConfig } from '../../../lib/site-config';
import { GuestMemorial } from './guest-memorial';

export function GuestPage() {
  const { search } = useLocation();
  const identifier = new URLSearchParams(search).get('id') ?? '';
  return <GuestMemorial key={identifier} identifier={identifier} publicUrl={siteConfig().publicUrl} />;
}
