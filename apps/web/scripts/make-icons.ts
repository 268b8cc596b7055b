/**
 * Draws the app's icons (public/icons/*.png, committed) from public/favicon.svg: the installed app's
 * icons of the web manifest (192 and 512 px, and a maskable one whose pin stays inside the circle a
 * phone may cut it to) and Apple's touch icon. Run again when the logo changes:
 * `npx tsx apps/web/scripts/make-icons.ts`.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../public');
const outDir = path.join(publicDir, 'icons');
/** The manifest's background colour: the app's light page. */
const BACKGROUND = '#ffffff';

/** The logo at `share` of the icon's side, centred on the background. */
async function draw(svg: Buffer, size: number, share: number, file: string): Promise<void> {
  const logoSize = Math.round(size * share);
  const logo = await sharp(svg, { density: 72 * Math.ceil(logoSize / 64) }).resize(logoSize, logoSize).png().toBuffer();
  const offset = Math.round((size - logoSize) / 2);
  await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: logo, top: offset, left: offset }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, file));
}

const svg = await readFile(path.join(publicDir, 'favicon.svg'));
await mkdir(outDir, { recursive: true });
await draw(svg, 192, 0.8, 'icon-192.png');
await draw(svg, 512, 0.8, 'icon-512.png');
// A maskable icon's safe zone is the centred circle of 80% of its side: the pin takes 60%.
await draw(svg, 512, 0.6, 'icon-maskable-512.png');
await draw(svg, 180, 0.8, 'apple-touch-icon.png');
console.log(`icons written to ${outDir}`);
