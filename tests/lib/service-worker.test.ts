import { describe, expect, it } from 'vitest';
import {
  PUSH_ICON,
  accountCacheName,
  alertNotification,
  isTokenLink,
  pageCacheKey,
} from '../../src/lib/service-worker.ts';

describe('what the service worker keeps pages and answers under', () => {
  it('keeps a page once, whatever its query, fragment or trailing slash', () => {
    const key = pageCacheKey('https://redcap.example/stocks');
    expect(pageCacheKey('https://redcap.example/stocks/')).toBe(key);
    expect(pageCacheKey('https://redcap.example/stocks?sector=Health+Care#grid')).toBe(key);
    expect(pageCacheKey('https://redcap.example/stocks/ABCD')).not.toBe(key);
    expect(pageCacheKey('https://redcap.example/')).toBe('https://redcap.example/');
  });

  it('keeps each reader’s private answers apart from another reader’s and a guest’s', () => {
    expect(accountCacheName('a1')).not.toBe(accountCacheName('b2'));
    expect(accountCacheName(null)).not.toBe(accountCacheName('a1'));
  });

  it('never keeps a token link’s answer: an email’s unsubscribe, preference, stop or confirmation link', () => {
    for (const link of [
      '/api/email/preferences?t=abc.def',
      '/api/alerts/stop?t=abc.def',
      '/api/email-subscriptions/confirm?token=abc',
    ])
      expect(isTokenLink(new URL(link, 'https://redcap.example')), link).toBe(true);
    expect(isTokenLink(new URL('/api/news/top?limit=8', 'https://redcap.example'))).toBe(false);
  });
});

describe('the notification an alert’s push shows', () => {
  const origin = 'https://redcap.example';

  it('shows the title and body with the app’s icon and tag, and opens the alert’s page', () => {
    const shown = alertNotification(
      { title: 'ABCD up 14.2% today', body: 'Last $4.12', url: '/stocks/ABCD', tag: 'alert:12' },
      origin,
    );
    expect(shown).toEqual({
      title: 'ABCD up 14.2% today',
      options: { body: 'Last $4.12', icon: PUSH_ICON, tag: 'alert:12', data: { url: `${origin}/stocks/ABCD` } },
    });
  });

  it('opens a filing’s https address, and the home page for anything else', () => {
    const filing = 'https://www.sec.gov/Archives/edgar/data/1/0001.htm';
    expect(alertNotification({ title: 'ABCD filed an 8-K', url: filing }, origin).options.data.url).toBe(filing);
    expect(alertNotification({ title: 't', url: 'javascript:alert(1)' }, origin).options.data.url).toBe(`${origin}/`);
    expect(alertNotification({ title: 't', url: 'http://elsewhere.example/' }, origin).options.data.url).toBe(
      `${origin}/`,
    );
    expect(alertNotification(null, origin)).toMatchObject({
      title: 'RedCap',
      options: { data: { url: `${origin}/` } },
    });
  });
});
