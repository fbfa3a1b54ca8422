import type { ReactNode } from 'react';

/**
 * The header's four icons as plain SVG: the outlines of Ionicons 7 (MIT, ionic.io/ionicons), drawn
 * with the text's colour. Inline rather than Ionic's <ion-icon> web component, whose runtime was
 * ~22 KB of the start-up chunk for four pictures (the initial-JS budget, docs/performance.md). Decorative: the buttons
 * and links around them carry the names.
 */
const stroke = { fill: 'none', stroke: 'currentColor', strokeLinecap: 'round', strokeLinejoin: 'round', strokeWidth: 32 } as const;

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg className="icon" viewBox="0 0 512 512" width="1em" height="1em" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const CartIcon = () => (
  <Svg>
    <circle cx="176" cy="416" r="16" {...stroke} />
    <circle cx="400" cy="416" r="16" {...stroke} />
    <path d="M48 80h64l48 272h256" {...stroke} />
    <path d="M160 288h249.44a8 8 0 0 0 7.85-6.43l28.8-144a8 8 0 0 0-7.85-9.57H128" {...stroke} />
  </Svg>
);

export const CloseIcon = () => (
  <Svg>
    <path d="M368 368 144 144M368 144 144 368" {...stroke} />
  </Svg>
);

export const MenuIcon = () => (
  <Svg>
    <path d="M80 160h352M80 256h352M80 352h352" {...stroke} strokeMiterlimit={10} />
  </Svg>
);

export const PersonIcon = () => (
  <Svg>
    <path
      fill="currentColor"
      d="M258.9 48C141.92 46.42 46.42 141.92 48 258.9c1.56 112.19 92.91 203.54 205.1 205.1 117 1.6 212.48-93.9 210.88-210.88C462.44 140.91 371.09 49.56 258.9 48m126.42 327.25a4 4 0 0 1-6.14-.32 124.3 124.3 0 0 0-32.35-29.59C321.37 329 289.11 320 256 320s-65.37 9-90.83 25.34a124.2 124.2 0 0 0-32.35 29.58 4 4 0 0 1-6.14.32A175.32 175.32 0 0 1 80 259c-1.63-97.31 78.22-178.76 175.57-179S432 158.81 432 256a175.32 175.32 0 0 1-46.68 119.25"
    />
    <path
      fill="currentColor"
      d="M256 144c-19.72 0-37.55 7.39-50.22 20.82s-19 32-17.57 51.93C191.11 256 221.52 288 256 288s64.83-32 67.79-71.24c1.48-19.74-4.8-38.14-17.68-51.82C293.39 151.44 275.59 144 256 144"
    />
  </Svg>
);
