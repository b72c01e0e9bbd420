/**
 * Every answer carries the security headers: inline scripts run because the
 * policy lists their hashes, not because inline scripts are allowed, and a
 * script the build did not write is refused. That no page of any kind trips
 * its policy in Chromium is checked by the sweep over every page
 * (page-sweep.spec.ts).
 */
import { expect, test } from '@playwright/test';
import { logIn, uniqueEmail, verifiedAccount } from './account-helpers.ts';
import { pagesByKind } from './page-kinds.ts';

const directives = (policy: string | undefined) =>
  new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

test('every page carries a policy that allows its own scripts by hash, and the framing and browser headers', async ({
  request,
}) => {
  for (const [kind, path] of await pagesByKind(request)) {
    const response = await request.get(path);
    const headers = response.headers();
    const policy = directives(headers['content-security-policy']);
    expect(policy.get('script-src'), `${kind} ${path}`).toContain("'self'");
    expect(policy.get('script-src'), path).not.toContain("'unsafe-inline'");
    expect(
      policy.get('script-src')?.some((v) => v.startsWith("'sha256-")),
      path,
    ).toBe(true);
    expect(policy.get('frame-ancestors'), path).toEqual(["'self'"]);
    expect(policy.get('object-src'), path).toEqual(["'none'"]);
    expect(headers['x-frame-options'], path).toBe('SAMEORIGIN');
    expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
    expect(headers['permissions-policy'], path).toContain('camera=()');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
  }
});

test('API answers forbid running anything, and what a signed-in user gets is never cached', async ({
  page,
  request,
}) => {
  for (const path of ['/api/news/all', '/api/stock/filters', '/openapi.json', '/api/missing']) {
    const headers = (await request.get(path)).headers();
    expect(directives(headers['content-security-policy']).get('default-src'), path).toEqual(["'none'"]);
    expect(headers['x-frame-options'], path).toBe('SAMEORIGIN');
  }
  const email = uniqueEmail('headers');
  await verifiedAccount(request, email);
  await logIn(page, email);
  const answer = await page.request.get('/api/auth/me');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).toBe('no-store');
});

test('an inline script the build did not write is refused by the page', async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction('__reportViolation', (directive: string) => violations.push(directive));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { __reportViolation: (d: string) => void }).__reportViolation(event.violatedDirective),
    ),
  );
  await page.goto('/terms');
  await page.addScriptTag({ content: 'window.__injected = true;' }).catch(() => undefined);
  await expect.poll(() => violations).toContain('script-src-elem');
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});
