import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const INPUTS = ['src', 'public', 'build', 'astro.config.ts', 'package.json', 'package-lock.json'];

/** A fingerprint of everything a build depends on: sources' sizes and times, and PUBLIC_* settings. */
function fingerprint(root: string): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    const full = path.join(root, input);
    if (!existsSync(full)) continue;
    const files = statSync(full).isDirectory() ? readdirSync(full, { recursive: true, encoding: 'utf8' }).map((name) => path.join(full, name)) : [full];
    for (const file of files.sort()) {
      const stat = statSync(file);
      if (stat.isFile() && !file.endsWith('.test.ts')) hash.update(`${path.relative(root, file)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  }
  for (const [key, value] of Object.entries(process.env).sort()) {
    // HOSPITAL_ADDRESS too: the public pages' structured data carries it (lib/site/structured-data.ts).
    if (key.startsWith('PUBLIC_') || key === 'HOSPITAL_ADDRESS') hash.update(`${key}=${value}\n`);
  }
  return hash.digest('hex');
}

/** Runs `astro build` unless dist/ was built from exactly these sources; returns whether it built. */
export function buildIfStale(root: string, { force = false } = {}): boolean {
  const stampFile = path.join(root, 'dist', '.build-stamp');
  const current = fingerprint(root);
  const complete = existsSync(path.join(root, 'dist/server/entry.mjs')) && existsSync(path.join(root, 'dist/client/sw.js'));
  if (!force && complete && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === current) return false;
  console.log('Building the portal (first start, or the sources changed)…');
  const astro = path.join(root, 'node_modules/astro/bin/astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`astro build failed (exit ${result.status})`);
  writeFileSync(stampFile, current);
  return true;
}
