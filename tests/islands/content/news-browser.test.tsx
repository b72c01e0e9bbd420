import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import NewsBrowser, { type NewsCardItem } from '../../../src/islands/content/NewsBrowser.tsx';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const article = (id: number, published_at: string): NewsCardItem => ({
  id,
  title: `Article ${id}`,
  thumbnail: null,
  summary: '',
  published_at,
  company_symbol: null,
  Company: null,
});

describe('the news page’s cards', () => {
  it('carry the publication date in the static page, never a time relative to the build', () => {
    const html = renderToString(<NewsBrowser sectors={[]} initial={[article(1, minutesAgo(3))]} />);
    expect(html).not.toMatch(/ago/);
    expect(html).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
  });

  it('say how long ago each article came out once the page runs', async () => {
    render(<NewsBrowser sectors={[]} initial={[article(1, minutesAgo(3))]} />);
    expect(await screen.findByText(/3 minutes ago/)).toBeTruthy();
  });

  it('mark a company release as the company’s own, and the editors’ articles not', () => {
    const release: NewsCardItem = {
      ...article(2, minutesAgo(10)),
      title: 'Acme Reports Results',
      kind: 'company-release',
      release: { accession: '0000000001-25-000001', form: '8-K', items: ['2.02'], filing_url: 'https://www.sec.gov/x' },
    };
    const { container } = render(
      <NewsBrowser sectors={[]} initial={[release, { ...article(1, minutesAgo(20)), kind: 'editorial' }]} />,
    );
    const [first, second] = container.querySelectorAll('[data-testid="lead-article"]');
    expect(first!.querySelector('.release-mark')?.textContent).toBe('Company release');
    expect(second!.querySelector('.release-mark')).toBeNull();
  });
});
