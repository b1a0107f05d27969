// Draws the app's install icons (src/web/public/icons/*.png) from one SVG with the system Chromium.
// Run after changing the drawing: `npx tsx scripts/make-icons.ts`. The PNGs are committed.
import path from 'node:path';
import { chromium } from '@playwright/test';

const header = '#115e59';
const outDir = path.resolve('src/web/public/icons');

/** The favicon's fridge, white on the header's colour; `inset` is the share of the side left as margin. */
function iconSvg(size: number, { inset, radius }: { inset: number; radius: number }) {
  const s = size * (1 - 2 * inset);
  const o = size * inset;
  // The favicon's 32-unit drawing, scaled into the inner square.
  const k = s / 32;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${size * radius}" fill="${header}"/>
  <g transform="translate(${o} ${o}) scale(${k})">
    <rect x="7" y="2" width="18" height="28" rx="3" fill="#fff"/>
    <path d="M7 12h18" stroke="${header}" stroke-width="2"/>
    <path d="M11 6v3M11 16v5" stroke="${header}" stroke-width="2" stroke-linecap="round"/>
  </g>
</svg>`;
}

const icons = [
  // "any": a rounded tile, the fridge filling most of it.
  { file: 'icon-192.png', size: 192, inset: 0.12, radius: 0.2 },
  { file: 'icon-512.png', size: 512, inset: 0.12, radius: 0.2 },
  // "maskable": full bleed, the fridge inside the central 80% safe circle whatever mask the launcher uses.
  { file: 'maskable-512.png', size: 512, inset: 0.22, radius: 0 },
  // iOS draws its own rounded corners and ignores the manifest's icons.
  { file: 'apple-touch-icon-180.png', size: 180, inset: 0.14, radius: 0 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style>${iconSvg(icon.size, icon)}`,
    );
    await page.locator('svg').screenshot({ path: path.join(outDir, icon.file), omitBackground: true });
    console.log(icon.file);
  }
} finally {
  await browser.close();
}
