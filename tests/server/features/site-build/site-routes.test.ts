import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { resolveSiteFile } from '../../../../src/server/features/site-build/published-files.ts';
import { serveSite } from '../../../../src/server/features/site-build/site-routes.ts';

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'));
  fs.mkdirSync(path.join(root, 'terms'));
  fs.writeFileSync(path.join(root, 'terms', 'index.html'), 'terms');
  fs.writeFileSync(path.join(root, 'index.html'), 'home');
  fs.writeFileSync(path.join(root, '404.html'), 'not found');
  fs.mkdirSync(path.join(root, 'stocks', 'ABCD'), { recursive: true });
  fs.writeFileSync(path.join(root, 'stocks', 'ABCD', 'index.html'), 'abcd');
  fs.writeFileSync(path.join(root, '.build-stamp'), 'x');
  fs.writeFileSync(path.join(os.tmpdir(), 'outside-secret.txt'), 'secret');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('static file resolution', () => {
  it('maps clean URLs to directory index files', () => {
    expect(resolveSiteFile(root, '/terms')?.file).toBe(path.join(root, 'terms', 'index.html'));
    expect(resolveSiteFile(root, '/terms/')?.file).toBe(path.join(root, 'terms', 'index.html'));
    expect(resolveSiteFile(root, '/')?.file).toBe(path.join(root, 'index.html'));
  });

  it('never leaves the site root or serves dot-files', () => {
    expect(resolveSiteFile(root, '/../outside-secret.txt')).toBeNull();
    expect(resolveSiteFile(root, '/%2e%2e/outside-secret.txt')).toBeNull();
    expect(resolveSiteFile(root, '/.build-stamp')).toBeNull();
    expect(resolveSiteFile(root, '/%E0%A4%A')).toBeNull();
    expect(resolveSiteFile(root, '/terms%00.html')).toBeNull();
  });
});

describe('company addresses', () => {
  const app = new Hono().get('*', (c) => serveSite(c, root));

  it('send lower-case tickers to the upper-case page', async () => {
    const res = await app.request('/stocks/abcd');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/stocks/ABCD');
  });

  it('send the tab addresses of a company without tabs to its page, and unknown companies to the 404 page', async () => {
    const tab = await app.request('/stocks/ABCD/marketdata');
    expect(tab.status).toBe(302);
    expect(tab.headers.get('location')).toBe('/stocks/ABCD');
    expect((await app.request('/stocks/ABCD/nonsense')).status).toBe(404);
    expect((await app.request('/stocks/ZZZZ')).status).toBe(404);
    expect((await app.request('/stocks/zzzz/team')).status).toBe(404);
  });
});
