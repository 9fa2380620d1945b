// A link to another page of the site, for the components the server-rendered doors share with the
// SPA (header, footer, landing, login; docs/decisions/015). Inside the SPA it is React Router's
// Link (the app provides it, so the page changes in place); rendered by the doors' own bundle there
// is no router, and it is a plain <a href>: the next page is a document, itself server-rendered or
// the SPA's.
import { createContext, useContext, type AnchorHTMLAttributes, type ReactNode } from 'react';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of this site ('/login', '/guest?id=…'). */
  to: string;
}

/** How a link is rendered: a function of its props (a component taken from context would be remade on every render). */
export type LinkRenderer = (props: AppLinkProps) => ReactNode;

const documentLink: LinkRenderer = ({ to, ...rest }) => <a {...rest} href={to} />;

const LinkContext = createContext<LinkRenderer>(documentLink);

/** The SPA places its router's Link here (app/root-layout.tsx). */
export const LinkProvider = LinkContext.Provider;

export function AppLink(props: AppLinkProps) {
  return useContext(LinkContext)(props);
}
