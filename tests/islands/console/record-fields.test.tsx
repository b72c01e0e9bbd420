import { describe, expect, it } from 'vitest';
import {
  LANDING_FIELDS,
  LIST_FIELDS,
  checkForm,
  livePathOf,
  toFormValues,
  toPayload,
} from '../../../src/islands/console/record-fields.ts';

const newsFields = LIST_FIELDS.news;
const storedArticle = {
  id: 7,
  version: 3,
  title: 'Acme wins a contract',
  company_symbol: 'ACME',
  published_at: '2026-12-03T18:00:00.000Z',
  newsLetterURL: null,
  thumbnail: null,
  summary: 'Short.',
  description: '<p>Body.</p>',
  source: null,
  url: null,
  rc_newsletter: false,
  updated_at: '2026-12-03T18:00:00.000Z',
};

describe('console forms', () => {
  it('show stored times in Eastern Time and send them back as the same instant', () => {
    const values = toFormValues(newsFields, storedArticle);
    expect(values.published_at).toBe('2026-12-03T13:00');
    const body = toPayload(newsFields, { ...values, published_at: '2026-12-03T14:30' }, values);
    expect(body).toEqual({ published_at: '2026-12-03T19:30:00.000Z' });
  });

  it('send only the fields an edit changed, so the audit log shows what the edit was about', () => {
    const before = toFormValues(newsFields, storedArticle);
    expect(toPayload(newsFields, before, before)).toEqual({});
    expect(toPayload(newsFields, { ...before, title: '  Acme wins  ', thumbnail: '' }, before)).toEqual({
      title: 'Acme wins',
    });
    expect(toPayload(newsFields, { ...before, rc_newsletter: true }, before)).toEqual({ rc_newsletter: true });
  });

  it('leave a required time as it was when its input is emptied, and clear an emptied link', () => {
    const before = toFormValues(newsFields, { ...storedArticle, url: 'https://example.com/a' });
    expect(toPayload(newsFields, { ...before, published_at: '', url: '' }, before)).toEqual({ url: null });
  });

  it('send a new record’s filled fields only, tickers in upper case', () => {
    const values = { ...toFormValues(newsFields, null), title: 'New', company_symbol: 'acme' };
    expect(toPayload(newsFields, values, null)).toEqual({
      title: 'New',
      company_symbol: 'ACME',
      rc_newsletter: false,
    });
  });

  it('name each field that is missing or malformed before anything is sent', () => {
    const values = { ...toFormValues(newsFields, null), thumbnail: 'javascript:alert(1)', company_symbol: 'AC ME' };
    expect(checkForm(newsFields, values)).toEqual({
      title: 'Title is required',
      company_symbol: 'Company symbol must be a ticker such as ABCD',
      thumbnail: 'Thumbnail URL must be an http(s) URL',
    });
    const landing = {
      ...toFormValues(LANDING_FIELDS, null),
      jumbotron_title_color: 'red',
      jumbotron_gradient_opacity: '1.5',
      website_url: '//elsewhere.example',
    };
    expect(checkForm(LANDING_FIELDS, landing)).toEqual({
      jumbotron_title_color: 'Title colour must be a hex colour such as #ffffff',
      jumbotron_gradient_opacity: 'Gradient opacity (0 to 1) must be a number from 0 to 1',
      website_url: 'Company website URL must be an http(s) URL',
    });
  });

  it('send landing colours and opacity as the API takes them', () => {
    const before = toFormValues(LANDING_FIELDS, { jumbotron_title_color: '#ffffff', jumbotron_gradient_opacity: 0.5 });
    expect(before.jumbotron_gradient_opacity).toBe('0.5');
    expect(
      toPayload(LANDING_FIELDS, { ...before, jumbotron_title_color: '', jumbotron_gradient_opacity: '0.25' }, before),
    ).toEqual({ jumbotron_title_color: null, jumbotron_gradient_opacity: 0.25 });
  });

  it('take a pasted YouTube link for a video and send its id, and name the field plainly for anything else', () => {
    const videoFields = LIST_FIELDS.videos;
    const base = { ...toFormValues(videoFields, null), name: 'CEO interview', company_symbol: 'ACME' };
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'dQw4w9WgXcQ',
    ]) {
      const values = { ...base, youtubeId: link };
      expect(checkForm(videoFields, values), link).toEqual({});
      expect(toPayload(videoFields, values, null).youtubeId, link).toBe('dQw4w9WgXcQ');
    }
    expect(checkForm(videoFields, { ...base, youtubeId: 'https://vimeo.com/1234' })).toEqual({
      youtubeId:
        'YouTube video is not a YouTube link or video id: paste a watch, share, embed or Shorts link, or the 11-character id',
    });
    const landing = toFormValues(LANDING_FIELDS, { jumbo_video: null });
    expect(toPayload(LANDING_FIELDS, { ...landing, jumbo_video: 'https://youtu.be/aqz-KE-bpKQ' }, landing)).toEqual({
      jumbo_video: 'aqz-KE-bpKQ',
    });
  });

  it('refuse a link to a backslash path, by the same rule as the server', () => {
    const values = { ...toFormValues(newsFields, null), title: 'T', company_symbol: 'ACME', url: '/ok\\evil.example' };
    expect(checkForm(newsFields, values)).toEqual({ url: 'Original article URL must be an http(s) URL' });
  });

  it('link a saved record to the public page that shows it', () => {
    expect(livePathOf('news', { id: 7 })).toBe('/news/7/');
    expect(livePathOf('videos', { id: 9, disabled: false })).toBe('/video/9/');
    expect(livePathOf('videos', { id: 9, disabled: true })).toBeNull();
    expect(livePathOf('events', { id: 3, company_symbol: 'ACME' })).toBe('/stocks/ACME/webinar/');
    expect(livePathOf('events', { id: 3, company_symbol: null })).toBe('/events');
  });

  it('ask the event’s registration form id, and take a pasted registration link for its id', () => {
    const fields = LIST_FIELDS.events;
    expect(fields.find((f) => f.key === 'form_url')?.label).toBe('Registration form id');
    const values = { ...toFormValues(fields, null), title: 'Acme Investor Day' };
    const pasted = { ...values, form_url: 'https://www.redcap.example/events/form/ab12cd34ef/81234567890' };
    expect(checkForm(fields, pasted)).toEqual({});
    expect(toPayload(fields, pasted, null)).toMatchObject({ form_url: 'ab12cd34ef' });
    expect(toPayload(fields, { ...values, form_url: ' ab12cd34ef ' }, null)).toMatchObject({ form_url: 'ab12cd34ef' });
    expect(checkForm(fields, { ...values, form_url: 'https://forms.example/signup' })).toEqual({
      form_url: 'Registration form id must be an id (letters, digits, - and _) or a registration link that holds one',
    });
  });
});
