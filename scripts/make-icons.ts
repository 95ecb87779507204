/** Renders public/icons/*.png from the logo drawn here; run after changing the logo: `node scripts/make-icons.ts`. */
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

const cross = 'M20 11h8v9h9v8h-9v9h-8v-9h-9v-8h9z';
const logo = (rounded: boolean, scale: number) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">
  <rect width="48" height="48" rx="${rounded ? 12 : 0}" fill="#0b6e69"/>
  <path d="${cross}" fill="#ffffff" transform="translate(${24 - 24 * scale} ${24 - 24 * scale}) scale(${scale})"/>
</svg>`;

const dir = new URL('../public/icons/', import.meta.url);
writeFileSync(new URL('icon.svg', dir), logo(true, 1));
for (const size of [192, 512]) {
  await sharp(Buffer.from(logo(true, 1)))
    .resize(size, size)
    .png()
    .toFile(new URL(`icon-${size}.png`, dir).pathname);
}
// Maskable icons are cropped to a circle or squircle: full-bleed colour, the cross inside the safe zone.
await sharp(Buffer.from(logo(false, 0.8)))
  .resize(512, 512)
  .png()
  .toFile(new URL('maskable-512.png', dir).pathname);
