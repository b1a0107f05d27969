import { createElement, type SVGProps } from 'react';

/**
 * The icons the guest's first load draws: Lucide's (ISC licence, lucide.dev), their shapes copied from
 * lucide-react 1.75 and drawn by the few lines below. lucide-react's own component brings 3 KiB of machinery
 * (a context, class and attribute builders) the first load would pay for, over /checkout's 110 KiB gzip
 * budget; the workspace and the lazy parts use lucide-react itself.
 */
type IconNode = [tag: string, attributes: Record<string, string>][];

export type IconProps = SVGProps<SVGSVGElement>;

function lucideIcon(name: string, node: IconNode) {
  function Icon({ className = '', strokeWidth = 2, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        // Decoration unless a caller names it: every one of them sits beside its words.
        aria-hidden="true"
        className={`lucide lucide-${name} ${className}`}
        {...rest}
      >
        {node.map(([tag, attributes], index) =>
          // The shapes never change order: the index is their key.
          createElement(tag, { key: index, ...attributes }),
        )}
      </svg>
    );
  }
  return Icon;
}

export const Home = lucideIcon('house', [
  ['path', { d: 'M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8' }],
  [
    'path',
    {
      d: 'M3 10a2 2 0 0 1 .709-1.528l7-6a2 2 0 0 1 2.582 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
    },
  ],
]);
export const Settings = lucideIcon('settings', [
  [
    'path',
    {
      d: 'M9.671 4.136a2.34 2.34 0 0 1 4.659 0 2.34 2.34 0 0 0 3.319 1.915 2.34 2.34 0 0 1 2.33 4.033 2.34 2.34 0 0 0 0 3.831 2.34 2.34 0 0 1-2.33 4.033 2.34 2.34 0 0 0-3.319 1.915 2.34 2.34 0 0 1-4.659 0 2.34 2.34 0 0 0-3.32-1.915 2.34 2.34 0 0 1-2.33-4.033 2.34 2.34 0 0 0 0-3.831A2.34 2.34 0 0 1 6.35 6.051a2.34 2.34 0 0 0 3.319-1.915',
    },
  ],
  ['circle', { cx: '12', cy: '12', r: '3' }],
]);
export const ChevronDown = lucideIcon('chevron-down', [['path', { d: 'm6 9 6 6 6-6' }]]);
export const Minus = lucideIcon('minus', [['path', { d: 'M5 12h14' }]]);
export const Plus = lucideIcon('plus', [
  ['path', { d: 'M5 12h14' }],
  ['path', { d: 'M12 5v14' }],
]);
export const Beer = lucideIcon('beer', [
  ['path', { d: 'M17 11h1a3 3 0 0 1 0 6h-1' }],
  ['path', { d: 'M9 12v6' }],
  ['path', { d: 'M13 12v6' }],
  [
    'path',
    {
      d: 'M14 7.5c-1 0-1.44.5-3 .5s-2-.5-3-.5-1.72.5-2.5.5a2.5 2.5 0 0 1 0-5c.78 0 1.57.5 2.5.5S9.44 2 11 2s2 1.5 3 1.5 1.72-.5 2.5-.5a2.5 2.5 0 0 1 0 5c-.78 0-1.5-.5-2.5-.5Z',
    },
  ],
  ['path', { d: 'M5 8v12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V8' }],
]);
export const CupSoda = lucideIcon('cup-soda', [
  ['path', { d: 'm6 8 1.75 12.28a2 2 0 0 0 2 1.72h4.54a2 2 0 0 0 2-1.72L18 8' }],
  ['path', { d: 'M5 8h14' }],
  ['path', { d: 'M7 15a6.47 6.47 0 0 1 5 0 6.47 6.47 0 0 0 5 0' }],
  ['path', { d: 'm12 8 1-6h2' }],
]);
export const GlassWater = lucideIcon('glass-water', [
  [
    'path',
    {
      d: 'M5.116 4.104A1 1 0 0 1 6.11 3h11.78a1 1 0 0 1 .994 1.105L17.19 20.21A2 2 0 0 1 15.2 22H8.8a2 2 0 0 1-2-1.79z',
    },
  ],
  ['path', { d: 'M6 12a5 5 0 0 1 6 0 5 5 0 0 0 6 0' }],
]);
export const Wine = lucideIcon('wine', [
  ['path', { d: 'M8 22h8' }],
  ['path', { d: 'M7 10h10' }],
  ['path', { d: 'M12 15v7' }],
  ['path', { d: 'M12 15a5 5 0 0 0 5-5c0-2-.5-4-2-8H9c-1.5 4-2 6-2 8a5 5 0 0 0 5 5Z' }],
]);
export const WifiOff = lucideIcon('wifi-off', [
  ['path', { d: 'M12 20h.01' }],
  ['path', { d: 'M8.5 16.429a5 5 0 0 1 7 0' }],
  ['path', { d: 'M5 12.859a10 10 0 0 1 5.17-2.69' }],
  ['path', { d: 'M19 12.859a10 10 0 0 0-2.007-1.523' }],
  ['path', { d: 'M2 8.82a15 15 0 0 1 4.177-2.643' }],
  ['path', { d: 'M22 8.82a15 15 0 0 0-11.288-3.764' }],
  ['path', { d: 'm2 2 20 20' }],
]);
