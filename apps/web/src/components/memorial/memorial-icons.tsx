// Line icons of the memorial components, in the style of ../icons.tsx. Decorative: the control that
// holds one carries the label.
import { Icon } from '../icons';

export const FlameIcon = () => (
  <Icon>
    <path d="M12 2.5c1.8 2 2.6 3.4 2.6 4.7a2.6 2.6 0 0 1-5.2 0c0-1.3.8-2.7 2.6-4.7z" />
    <rect x="8.5" y="11" width="7" height="10.5" rx="1" />
  </Icon>
);

export const FlowerIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="2.2" />
    <path d="M12 5.8c0-2 1-3.3 2.2-3.3s2 1.4 1.3 3a2.4 2.4 0 0 1 2.7 2.5c0 1.2-1.4 2-3 1.4M12 5.8c0-2-1-3.3-2.2-3.3s-2 1.4-1.3 3A2.4 2.4 0 0 0 5.8 8c0 1.2 1.4 2 3 1.4" />
    <path d="M12 10.2V21.5M12 16c-2.5 0-4-1.5-4.5-3.5M12 18c2.5 0 4-1.5 4.5-3.5" />
  </Icon>
);

export const LinkIcon = () => (
  <Icon>
    <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1" />
    <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" />
  </Icon>
);

export const PinIcon = () => (
  <Icon>
    <path d="M12 21s-6.5-5.8-6.5-11a6.5 6.5 0 0 1 13 0c0 5.2-6.5 11-6.5 11z" />
    <circle cx="12" cy="10" r="2.3" />
  </Icon>
);

export const PlayIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9.5" />
    <path d="M10 8.5v7l5.5-3.5z" fill="currentColor" />
  </Icon>
);

export const ExpandIcon = () => (
  <Icon>
    <path d="M14 4h6v6M10 20H4v-6M20 4l-7 7M4 20l7-7" />
  </Icon>
);

export const TurnIcon = () => (
  <Icon>
    <path d="M4 12a8 8 0 0 1 13.7-5.6L20 8.7M20 4v4.7h-4.7" />
    <path d="M20 12a8 8 0 0 1-13.7 5.6L4 15.3M4 20v-4.7h4.7" />
  </Icon>
);

export const CameraIcon = () => (
  <Icon>
    <path d="M4 8h3l1.5-2.5h7L17 8h3v11H4z" />
    <circle cx="12" cy="13" r="3.5" />
  </Icon>
);

export const VideoIcon = () => (
  <Icon>
    <rect x="3" y="6" width="13" height="12" rx="2" />
    <path d="M16 10.5l5-3v9l-5-3z" />
  </Icon>
);

export const PersonIcon = () => (
  <Icon>
    <circle cx="12" cy="8.5" r="3.8" />
    <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
  </Icon>
);
