import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addModulePreloads } from './module-preloads.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function site(pages: Record<string, string>) {
  dir = mkdtempSync(path.join(tmpdir(), 'preloads-'));
  const assets = path.join(dir, '_astro');
  mkdirSync(assets);
  const chunks: Record<string, string> = {
    'shell.js': 'export const open=1;',
    'react.js': 'export const r=1;',
    'gate.js': 'import{r}from"./react.js";import{open}from"./shell.js";export const g=r;',
    'account.js': 'import{g}from"./gate.js";const Page=()=>import(`./page.js`);export{g,Page};',
    'renderer.js': 'import{r}from"./react.js";export default r;',
    'page.js': 'import{g}from"./gate.js";export const p=g;',
    'calculator.js': 'import{r}from"./react.js";export const c=r;',
  };
  for (const [name, code] of Object.entries(chunks)) writeFileSync(path.join(assets, name), code);
  for (const [name, html] of Object.entries(pages)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), html);
  }
}

const page = (island: string) => `<html><head><script type="module" src="/_astro/shell.js"></script></head><body>${island}</body></html>`;
const preloads = (name: string) => [...readFileSync(path.join(dir, name), 'utf8').matchAll(/<link rel="modulepreload" href="\/_astro\/([^"]+)">/g)].map((match) => match[1]);

describe('module preloads of the pages with eager islands', () => {
  it('preloads what an account island imports statically, not what it loads on demand nor the page script', () => {
    site({
      'financial/index.html': page('<astro-island uid="a" component-url="/_astro/account.js" renderer-url="/_astro/renderer.js" client="only"></astro-island>'),
    });
    expect(addModulePreloads(dir)).toBe(1);
    expect(preloads('financial/index.html').sort()).toEqual(['account.js', 'gate.js', 'react.js', 'renderer.js']);
  });

  it('leaves public pages, whose islands hydrate on demand, alone', () => {
    const html = page('<astro-island uid="b" component-url="/_astro/calculator.js" renderer-url="/_astro/renderer.js" client="visible"></astro-island>');
    site({ 'index.html': html, 'pregnancy-timeline/index.html': html });
    expect(addModulePreloads(dir)).toBe(0);
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe(html);
  });
});
