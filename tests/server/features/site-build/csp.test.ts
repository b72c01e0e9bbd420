import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  NGINX_HEADERS_FILE,
  inlineScriptHashes,
  recordScriptHashes,
  sitePolicy,
  writeNginxHeaders,
} from '../../../../src/server/features/site-build/csp.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('the site policy', () => {
  it('allows exactly the inline scripts a page runs, not its data blocks or external scripts', () => {
    const html = `<head><script>theme()</script><script type="application/ld+json">{"a":1}</script>
      <script type="module">import "/_astro/x.js";</script><script src="/_astro/y.js"></script>
      <script type="text/javascript">legacy()</script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha('theme()'), sha('import "/_astro/x.js";'), sha('legacy()')]);
  });

  it('lists the hashes of a build, carrying over those of the pages it did not render', () => {
    const previous = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-prev-'));
    const next = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-next-'));
    dirs.push(previous, next);
    fs.writeFileSync(path.join(previous, 'old.html'), '<script>carried()</script>');
    recordScriptHashes(previous, null);
    fs.linkSync(path.join(previous, 'old.html'), path.join(next, 'old.html'));
    fs.writeFileSync(path.join(next, 'new.html'), '<script>rendered()</script>');
    recordScriptHashes(next, previous);
    const policy = sitePolicy(next);
    expect(policy).toContain(sha('carried()'));
    expect(policy).toContain(sha('rendered()'));
    expect(policy).toMatch(/frame-ancestors 'self'/);
    expect(policy.split('; ').find((d) => d.startsWith('script-src'))).not.toContain('unsafe-inline');
  });

  it('is written for a web server in front, with the headers the server sends and pages revalidated', () => {
    const build = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-nginx-'));
    dirs.push(build);
    fs.writeFileSync(path.join(build, 'page.html'), '<script>boot()</script>');
    recordScriptHashes(build, null);
    writeNginxHeaders(build);
    const lines = fs.readFileSync(path.join(build, NGINX_HEADERS_FILE), 'utf8').trim().split('\n');
    expect(lines).toContain(`add_header Content-Security-Policy "${sitePolicy(build)}" always;`);
    expect(lines.find((l) => l.startsWith('add_header Content-Security-Policy'))).toContain(sha('boot()'));
    expect(lines).toContain('add_header X-Content-Type-Options "nosniff" always;');
    expect(lines).toContain('add_header X-Frame-Options "SAMEORIGIN" always;');
    expect(lines).toContain('add_header Cache-Control "no-cache" always;');
    // One directive per line, nothing an nginx include could take for more.
    for (const line of lines) expect(line).toMatch(/^add_header [A-Za-z-]+ "[^"\\]*" always;$/);
  });
});
