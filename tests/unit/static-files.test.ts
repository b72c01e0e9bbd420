import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSiteFile } from '../../src/server/site/static.ts';

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'));
  fs.mkdirSync(path.join(root, 'terms'));
  fs.writeFileSync(path.join(root, 'terms', 'index.html'), 'terms');
  fs.writeFileSync(path.join(root, 'index.html'), 'home');
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
