import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A failed call as the console's client reports it: the status and the server's `{ message }`. */
class Refused extends Error {
  readonly response: { status: number };
  readonly reason: string;
  constructor(status: number, reason: string) {
    super(reason);
    this.response = { status };
    this.reason = reason;
  }
}
const answers = new Map<string, unknown>();
const call = (path: string) => ({
  json: () => {
    const key = [...answers.keys()].find((prefix) => path.startsWith(prefix));
    const value = key === undefined ? new Refused(404, 'Not found') : answers.get(key);
    return value instanceof Refused ? Promise.reject(value) : Promise.resolve(value);
  },
});
vi.mock('../../../src/islands/api-client.ts', () => ({
  api: { get: call, post: call, put: call, delete: call },
  isHttpError: (error: unknown) => error instanceof Refused,
  serverMessage: (error: unknown) => (error instanceof Refused ? error.reason : null),
}));

const { default: RecordList } = await import('../../../src/islands/console/RecordList.tsx');
const { default: BroadcastForm } = await import('../../../src/islands/console/BroadcastForm.tsx');
const { default: PublishProgress } = await import('../../../src/islands/console/PublishProgress.tsx');
const { countOf } = await import('../../../src/lib/console.ts');
const { inPlainWords, labelsOf } = await import('../../../src/islands/console/server-reasons.ts');
const { LIST_FIELDS } = await import('../../../src/islands/console/record-fields.ts');

const event = {
  id: 3,
  version: 1,
  title: 'Quarterly webinar',
  company_symbol: 'ACME',
  upcoming_date: '2031-03-04T18:30:00.000Z',
  isActive: true,
  archived: false,
  archive_url: null,
  Zoom_url: null,
  form_url: null,
  zoom_id: null,
  image_url: null,
  agenda: null,
  updated_at: '2026-11-20T15:00:00.000Z',
};
const broadcast = (queued: number, delivered: boolean) => ({
  id: queued,
  message: `Broadcast to ${queued}`,
  objectType: 'news',
  objectId: '12',
  link: '/news/12',
  createdAt: '2026-11-20T15:00:00.000Z',
  queued,
  deliveredAt: delivered ? '2026-11-20T15:01:00.000Z' : null,
});

beforeEach(() => answers.clear());
afterEach(cleanup);

describe('counts in the console', () => {
  it('read in the singular for one and the plural otherwise', () => {
    expect(countOf(1, 'event')).toBe('1 event');
    expect(countOf(0, 'event')).toBe('0 events');
    expect(countOf(2_500, 'article')).toBe('2,500 articles');
    expect(countOf(1, 'news item', 'news items')).toBe('1 news item');
  });

  it('say “1 event” under a list of one event, and “1 article” under one article', async () => {
    answers.set('tools/events', { data: [event], total: 1 });
    render(<RecordList list="events" />);
    expect(await screen.findByText(/Page 1 of 1 · 1 event$/)).toBeTruthy();
    cleanup();
    answers.set('tools/news', { news: [], total: 1 });
    render(<RecordList list="news" />);
    expect(await screen.findByText(/· 1 article$/)).toBeTruthy();
  });

  it('say how many messages a broadcast sent or has queued, one or many', async () => {
    answers.set('notifications/notifications', { data: [broadcast(1, true), broadcast(2, false)] });
    render(<BroadcastForm />);
    expect(await screen.findByText(/1 message sent$/)).toBeTruthy();
    expect(screen.getByText(/delivering… 2 messages queued$/)).toBeTruthy();
  });

  it('say how many pages a rebuild has rendered, one or many', async () => {
    answers.set('content/cursor', { cursor: 5 });
    answers.set('site/build', {
      data: {
        state: 'building',
        startedAt: null,
        finishedAt: null,
        lastError: null,
        progress: [],
        pages: { rendered: 1, unchanged: 0 },
        publishedThrough: 4,
        buildingThrough: 5,
      },
    });
    render(<PublishProgress savedAt={Date.now()} livePath={null} />);
    expect(await screen.findByText(/1 page rendered so far\.$/)).toBeTruthy();
  });
});

describe('messages in the console', () => {
  it('name the broadcast form’s fields as the form labels them, never by their keys', async () => {
    answers.set('notifications/notifications', { data: [] });
    render(<BroadcastForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Broadcast' }));
    expect(await screen.findByText('Message is required')).toBeTruthy();
    expect(screen.getByText('Object id is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Object id *'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Broadcast' }));
    expect(await screen.findByText('Object id must be a number')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/objectId|objectType/);
  });

  it('give the server’s reasons in the form’s words', async () => {
    // The recent broadcasts are read (GET …?limit=10) before the broadcast is refused.
    answers.set('notifications/notifications?', { data: [] });
    answers.set('notifications/notifications', new Refused(400, 'objectId: no news 999'));
    render(<BroadcastForm />);
    fireEvent.change(screen.getByLabelText('Message *'), { target: { value: 'New article' } });
    fireEvent.change(screen.getByLabelText('Object id *'), { target: { value: '999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Broadcast' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error broadcasting notification: Object id: no news 999',
    );
  });

  it('turn the API’s field keys into the form’s labels, however the reason is worded', () => {
    const news = labelsOf(LIST_FIELDS.news);
    expect(inPlainWords('company_symbol: company_symbol must be a ticker such as ABCD', news)).toBe(
      'Company symbol must be a ticker such as ABCD',
    );
    expect(
      inPlainWords('source: must be at most 120 characters; thumbnail: must be an http(s) URL or a site path', news),
    ).toBe('Source must be at most 120 characters; Thumbnail URL must be an http(s) URL or a site path');
    expect(inPlainWords('youtubeId: youtubeId is not a YouTube link or video id', labelsOf(LIST_FIELDS.videos))).toBe(
      'YouTube video is not a YouTube link or video id',
    );
    // A key no form shows is still said in words.
    expect(inPlainWords('assignedSpecialistId: no specialist 9', {})).toBe('Assigned specialist id: no specialist 9');
    expect(inPlainWords('This event was changed by someone else.', news)).toBe(
      'This event was changed by someone else.',
    );
  });
});
