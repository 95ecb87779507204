/**
 * Renders the care catalogue's demo images from SVG drawn here:
 *   src/assets/doctors/<slug>.png  256×256 avatar: a face-free figure in a white coat on a soft colour
 *   src/assets/clinics/<slug>.png  800×500 illustration: a building and the clinic's expertise icon
 * No photographs and no real people. Run after adding or renaming a doctor or clinic:
 *   node scripts/content/make-catalogue-images.ts
 * Images of entries that no longer exist are removed. Output is deterministic (seeded by slug).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = fileURLToPath(new URL('../../', import.meta.url));
const content = path.join(root, 'src/content');
const assets = path.join(root, 'src/assets');

interface DoctorEntry {
  gender: 'female' | 'male';
  expertise_groups: string[];
}
interface ClinicEntry {
  expertise_groups: string[];
}

function readEntries<T>(collection: string): Map<string, T> {
  const dir = path.join(content, collection);
  const entries = new Map<string, T>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    entries.set(file.slice(0, -'.json'.length), JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as T);
  }
  return entries;
}

/** FNV-1a: a small stable hash, so every slug always gets the same colours. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return h;
}
function pick<T>(list: readonly T[], seed: number): T {
  return list[seed % list.length] as T;
}

/** Soft background, a deeper shade of it, and a strong accent of the same hue. */
interface Palette {
  bg: string;
  deep: string;
  accent: string;
}
const PALETTES: readonly Palette[] = [
  { bg: '#dff3ef', deep: '#b6e2d9', accent: '#0b6e69' },
  { bg: '#fde8e4', deep: '#f8c9bf', accent: '#b5523b' },
  { bg: '#e6ecfb', deep: '#c5d2f4', accent: '#3a56a5' },
  { bg: '#f3e8f8', deep: '#e0c9ee', accent: '#7a4b91' },
  { bg: '#fdf1dc', deep: '#f6dcaa', accent: '#a86a12' },
  { bg: '#e5f4e3', deep: '#c3e4bd', accent: '#3f7a3a' },
  { bg: '#e2f1f8', deep: '#bddff0', accent: '#1f6f94' },
  { bg: '#fbe7ef', deep: '#f2c5d6', accent: '#a3436b' },
  { bg: '#ecebfb', deep: '#cfcdf3', accent: '#4b47a0' },
  { bg: '#f3ede4', deep: '#e2d3bd', accent: '#7d5a36' },
];
const SKIN = ['#f3d3b5', '#e8b892', '#d49a70', '#b97c55', '#f6dcc4'] as const;
const HAIR = ['#2e2420', '#4a3328', '#1f1f22', '#6b4a35', '#8a8680'] as const;

/** The expertise icon's drawing (the SVG's children), to be placed inside another SVG. */
function iconBody(slug: string): string {
  const svg = readFileSync(path.join(assets, 'icons/expertise', `${slug}.svg`), 'utf8');
  const match = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg);
  if (!match?.[1]) throw new Error(`icons/expertise/${slug}.svg has no drawing`);
  return match[1];
}
function placedIcon(slug: string, x: number, y: number, size: number, colour: string): string {
  return `<g transform="translate(${x} ${y}) scale(${size / 24})" fill="none" stroke="${colour}" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round">${iconBody(slug)}</g>`;
}

function avatarSvg(slug: string, doctor: DoctorEntry): string {
  const seed = hash(slug);
  const p = pick(PALETTES, seed);
  const skin = pick(SKIN, seed >>> 4);
  const hair = pick(HAIR, seed >>> 8);
  const badge = doctor.expertise_groups[0];
  if (!badge) throw new Error(`doctor ${slug} has no expertise group`);
  const blobX = pick([40, 60, 196, 216], seed >>> 12);
  const blobY = pick([36, 52, 70], seed >>> 14);
  const head =
    doctor.gender === 'female'
      ? // A headscarf framing the face and covering the neck.
        `<path d="M128 50C86 50 70 86 72 120c2 30 12 50 28 62h56c16-12 26-32 28-62 2-34-14-70-56-70Z" fill="${p.accent}"/>
         <ellipse cx="128" cy="116" rx="31" ry="37" fill="${skin}"/>`
      : `<rect x="112" y="134" width="32" height="46" rx="14" fill="${skin}"/>
         <ellipse cx="128" cy="108" rx="38" ry="43" fill="${skin}"/>
         <path d="M90 106c-4-34 14-50 38-50 26 0 44 14 40 50-6-14-20-24-40-24-18 0-32 10-38 24Z" fill="${hair}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect width="256" height="256" fill="${p.bg}"/>
  <circle cx="${blobX}" cy="${blobY}" r="58" fill="${p.deep}"/>
  <circle cx="${256 - blobX}" cy="226" r="34" fill="${p.deep}" opacity="0.6"/>
  ${head}
  <path d="M34 256c0-52 34-80 94-80s94 28 94 80Z" fill="#ffffff"/>
  <path d="M108 177 128 216 148 177Z" fill="${p.accent}" opacity="0.85"/>
  <path d="M100 179 128 232 156 179" fill="none" stroke="${p.deep}" stroke-width="4" stroke-linejoin="round"/>
  <path d="M96 186c-6 22 0 40 16 44" fill="none" stroke="#3d4a57" stroke-width="5" stroke-linecap="round"/>
  <circle cx="118" cy="232" r="8" fill="#ffffff" stroke="#3d4a57" stroke-width="5"/>
  <circle cx="200" cy="214" r="24" fill="${p.accent}" stroke="#ffffff" stroke-width="4"/>
  ${placedIcon(badge, 186, 200, 28, '#ffffff')}
</svg>`;
}

/** Clinic colours: chosen by hand for the demo clinics, by slug for any other. */
const CLINIC_PALETTE: Record<string, number> = { women: 7, children: 4, heart: 1, eye: 6, general: 0, surgery: 2, ent: 9, neuro: 3, dental: 8, skin: 5 };

function clinicSvg(slug: string, clinic: ClinicEntry): string {
  const seed = hash(slug);
  const p = PALETTES[CLINIC_PALETTE[slug] ?? seed % PALETTES.length] ?? PALETTES[0]!;
  const icon = clinic.expertise_groups[0];
  if (!icon) throw new Error(`clinic ${slug} has no expertise group`);
  const windows: string[] = [];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 4; col++) {
      windows.push(`<rect x="${128 + col * 60}" y="${208 + row * 58}" width="36" height="34" rx="6" fill="${p.deep}"/>`);
    }
  }
  const treeX = pick([70, 420], seed >>> 3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
  <rect width="800" height="500" fill="${p.bg}"/>
  <circle cx="${pick([660, 700, 620], seed >>> 6)}" cy="70" r="120" fill="${p.deep}" opacity="0.55"/>
  <circle cx="60" cy="${pick([60, 90], seed >>> 9)}" r="70" fill="#ffffff" opacity="0.55"/>
  <rect x="${pick([250, 300, 340], seed >>> 11)}" y="64" width="140" height="36" rx="18" fill="#ffffff" opacity="0.8"/>
  <path d="M0 430c140-30 260-26 400-8s270 22 400-6V500H0Z" fill="${p.deep}"/>
  <rect x="100" y="150" width="280" height="290" rx="16" fill="#ffffff"/>
  <rect x="100" y="150" width="280" height="40" rx="16" fill="${p.accent}"/>
  <rect x="100" y="170" width="280" height="20" fill="${p.accent}"/>
  <circle cx="240" cy="150" r="34" fill="#ffffff" stroke="${p.accent}" stroke-width="8"/>
  <path d="M233 130h14v13h13v14h-13v13h-14v-13h-13v-14h13Z" fill="${p.accent}"/>
  ${windows.join('\n  ')}
  <rect x="214" y="384" width="52" height="56" rx="8" fill="${p.accent}"/>
  <rect x="${treeX + 14}" y="380" width="8" height="60" rx="4" fill="${p.accent}" opacity="0.8"/>
  <circle cx="${treeX + 18}" cy="370" r="30" fill="${p.accent}" opacity="0.35"/>
  <rect x="470" y="140" width="230" height="230" rx="56" fill="${p.accent}"/>
  ${placedIcon(icon, 505, 175, 160, '#ffffff')}
  <circle cx="700" cy="400" r="16" fill="${p.accent}" opacity="0.3"/>
  <circle cx="740" cy="360" r="9" fill="${p.accent}" opacity="0.3"/>
</svg>`;
}

async function render(svg: string, file: string, width: number, height: number): Promise<number> {
  await sharp(Buffer.from(svg)).resize(width, height).png({ palette: true, colors: 96, compressionLevel: 9, effort: 10 }).toFile(file);
  return statSync(file).size;
}

/** Writes one PNG per entry and removes PNGs of entries that no longer exist. */
async function renderAll<T>(folder: string, entries: Map<string, T>, draw: (slug: string, entry: T) => string, width: number, height: number) {
  const dir = path.join(assets, folder);
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(dir)) {
    if (file.endsWith('.png') && !entries.has(file.slice(0, -'.png'.length))) rmSync(path.join(dir, file));
  }
  let largest = 0;
  for (const [slug, entry] of entries) largest = Math.max(largest, await render(draw(slug, entry), path.join(dir, `${slug}.png`), width, height));
  console.log(`${folder}: ${entries.size} images, largest ${(largest / 1024).toFixed(1)} KB`);
}

await renderAll('doctors', readEntries<DoctorEntry>('doctors'), avatarSvg, 256, 256);
await renderAll('clinics', readEntries<ClinicEntry>('clinics'), clinicSvg, 800, 500);
