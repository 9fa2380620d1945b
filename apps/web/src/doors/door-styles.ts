// The styles every door starts with, in the SPA's order (src/main.tsx): tokens, base; then the
// doors' own type, which replaces the SPA's web fonts (door-fonts.css).
import '../styles/tokens.css';
import '../styles/base.css';
import './door-fonts.css';
