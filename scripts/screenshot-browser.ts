/**
 * The browser side of the screenshot scripts (screenshots.ts, round-screenshots.ts): Debian's Chromium driven by
 * Playwright, the pictures' folder, and what every picture needs before it is taken.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumPath } from '../playwright.config';
import { texts } from '../src/shared/constants';

export const outDir = path.resolve('docs/images');

export function launchChromium() {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/**
 * The language switch says ไทย: a machine without a Thai system font draws boxes. Sarabun (the Thai receipt's
 * font, a devDependency) is added for Thai letters only, in front of the page's own fonts. The page's context
 * needs `bypassCSP: true`: the app's CSP allows no inline style.
 */
export async function withThaiFont(page: Page) {
  const sarabun = fs.readFileSync(
    path.resolve('node_modules/@expo-google-fonts/sarabun/500Medium/Sarabun_500Medium.ttf'),
  );
  const family = await page.evaluate(() => getComputedStyle(document.documentElement).fontFamily);
  await page.addStyleTag({
    content: `@font-face { font-family: 'Screenshot Thai'; unicode-range: U+0E00-0E7F;
      src: url(data:font/ttf;base64,${sarabun.toString('base64')}) format('truetype'); }
      html { font-family: 'Screenshot Thai', ${family}; }`,
  });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Signs in through the workspace's 'Admin Access' modal, as the owner does. */
export async function signInOnPage(page: Page, password: string) {
  const modal = page.getByRole('dialog', { name: texts.adminAccess });
  await modal.getByPlaceholder(texts.passwordPlaceholder).fill(password);
  await modal.getByRole('button', { name: 'Login' }).click();
  await modal.waitFor({ state: 'hidden', timeout: 30_000 });
}

/** Prints each picture's size, so a run shows what it rewrote. */
export function printImageSizes(names: string[]) {
  for (const name of names) {
    const bytes = fs.statSync(path.join(outDir, name)).size;
    process.stdout.write(`docs/images/${name}: ${(bytes / 1024).toFixed(0)} KiB\n`);
  }
}
