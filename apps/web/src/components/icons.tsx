// Small line icons, drawn for this product. Decorative: the control that holds one carries the label.
import type { ReactNode, SVGProps } from 'react';

/** The frame every icon of the product shares (24-pixel grid, 2-pixel rounded strokes). */
export function Icon({ children, ...rest }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const ChevronLeftIcon = () => (
  <Icon>
    <path d="M15 5l-7 7 7 7" />
  </Icon>
);

export const ChevronRightIcon = () => (
  <Icon>
    <path d="M9 5l7 7-7 7" />
  </Icon>
);

export const PhoneIcon = () => (
  <Icon>
    <path d="M5 3h3.5l1.8 4.5-2.3 1.4a11 11 0 0 0 5.1 5.1l1.4-2.3L19 13.5V17a2 2 0 0 1-2 2A15 15 0 0 1 3 5a2 2 0 0 1 2-2z" />
  </Icon>
);

export const MailIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3.5 6.5L12 13l8.5-6.5" />
  </Icon>
);

export const WhatsAppIcon = () => (
  <Icon>
    <path d="M4 20l1.3-4A8.5 8.5 0 1 1 8.4 19z" />
    <path d="M9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.6-2-1-1 .9a5 5 0 0 1-2.8-2.8l.9-1-1-2z" strokeWidth="1.5" />
  </Icon>
);

export const FacebookIcon = () => (
  <Icon>
    <rect x="3" y="3" width="18" height="18" rx="4" />
    <path d="M15.5 7.5h-1.8A2.2 2.2 0 0 0 11.5 9.7V21M9 12.5h6" />
  </Icon>
);

export const InstagramIcon = () => (
  <Icon>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
  </Icon>
);

export const TikTokIcon = () => (
  <Icon>
    <path d="M13 3v11.5a3.5 3.5 0 1 1-3.5-3.5" />
    <path d="M13 3c.5 2.8 2.3 4.6 5 5" />
  </Icon>
);

export const BookIcon = () => (
  <Icon>
    <path d="M4 4.5A1.5 1.5 0 0 1 5.5 3H20v15H5.5A1.5 1.5 0 0 0 4 19.5z" />
    <path d="M4 19.5A1.5 1.5 0 0 0 5.5 21H20v-3" />
    <path d="M8 7.5h8M8 11h6" />
  </Icon>
);

export const CandleIcon = () => (
  <Icon>
    <path d="M12 2.5c1.8 2 2.6 3.4 2.6 4.7a2.6 2.6 0 0 1-5.2 0c0-1.3.8-2.7 2.6-4.7z" />
    <rect x="8.5" y="11" width="7" height="10.5" rx="1" />
  </Icon>
);

export const CheckIcon = () => (
  <Icon>
    <path d="M4.5 12.5l5 5 10-11" />
  </Icon>
);
