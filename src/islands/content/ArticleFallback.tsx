/**
 * An article published moments ago, before the rebuild that gives it its own
 * page: the server answers its address with this shell, which loads the
 * article from the API (docs/product.md §20.7 texts for each failure).
 */
import { useEffect, useState } from 'react';
import { MORE_NEWS } from '../../lib/content.ts';
import { formatNewYorkDate } from '../../lib/time-format.ts';
import { cleanHtml } from '../clean-html.ts';
import { RELEASE_TEXT, releaseOf } from '../../lib/company-releases.ts';
import { ReleaseMark, ReleaseFilingLink } from './ReleaseLabels.tsx';
import { releaseTags } from '../../lib/eight-k-items.ts';
import type { NewsArticleRecord } from '../../lib/content-records.ts';

export const ARTICLE_TEXTS = {
  failed: 'Could not load article.',
  missing: 'No article found.',
  relatedFailed: 'Could not load related news.',
  noRelated: 'No additional news.',
} as const;

type Article = Pick<
  NewsArticleRecord,
  'id' | 'title' | 'thumbnail' | 'published_at' | 'company_symbol' | 'source' | 'description' | 'kind' | 'release'
> & { Company?: { name: string } | null };

type Load<T> = { state: 'loading' } | { state: 'failed' } | { state: 'missing' } | { state: 'ready'; value: T };

export default function ArticleFallback() {
  const [article, setArticle] = useState<Load<Article>>({ state: 'loading' });
  const [related, setRelated] = useState<Load<Article[]>>({ state: 'loading' });

  useEffect(() => {
    const id = /^\/news\/(\d+)/.exec(location.pathname)?.[1];
    void (async () => {
      const { api, isHttpError } = await import('../api-client.ts');
      if (!id) {
        setArticle({ state: 'missing' });
        return;
      }
      let found: Article;
      try {
        found = (await api.get(`news/${id}`).json<{ data: Article }>()).data;
      } catch (error) {
        setArticle({ state: isHttpError(error) && error.response.status === 404 ? 'missing' : 'failed' });
        return;
      }
      found.description = cleanHtml(found.description);
      setArticle({ state: 'ready', value: found });
      document.title = `${found.title} | RedCap`;
      if (!found.company_symbol) {
        setRelated({ state: 'ready', value: [] });
        return;
      }
      try {
        const body = await api
          .get(`news/symbol/${encodeURIComponent(found.company_symbol)}`, { searchParams: { limit: MORE_NEWS + 1 } })
          .json<{ data: Article[] }>();
        setRelated({ state: 'ready', value: body.data.filter((a) => a.id !== found.id).slice(0, MORE_NEWS) });
      } catch {
        setRelated({ state: 'failed' });
      }
    })();
  }, []);

  if (article.state === 'loading') return <p aria-busy="true">Loading…</p>;
  if (article.state !== 'ready') {
    return (
      <p role="alert" className="py-10 text-center text-lg" data-testid="article-problem">
        {article.state === 'missing' ? ARTICLE_TEXTS.missing : ARTICLE_TEXTS.failed}
      </p>
    );
  }
  const a = article.value;
  const release = releaseOf(a);
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <article className="min-w-0" data-testid="article">
        <h1 className="text-2xl leading-tight font-extrabold sm:text-4xl">{a.title}</h1>
        <p className="mt-3 flex flex-wrap items-center gap-x-3 text-sm text-muted">
          {release && <ReleaseMark />}
          {a.source && <span>{a.source}</span>}
          <span>{formatNewYorkDate(new Date(a.published_at))}</span>
          {release && <ReleaseFilingLink url={release.filing_url} />}
          {a.company_symbol && (
            <a href={`/stocks/${a.company_symbol}`} className="font-semibold text-primary hover:underline">
              Learn more about {a.company_symbol}
            </a>
          )}
        </p>
        {release && (
          <div className="mt-4 rounded-lg border border-line bg-surface-2 p-3 text-sm" data-testid="release-note">
            <p>{RELEASE_TEXT.note(a.Company?.name ?? a.source ?? a.company_symbol ?? 'The company', release.form)}</p>
            {releaseTags(release.items).length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-2" aria-label={RELEASE_TEXT.items}>
                {releaseTags(release.items).map((tag) => (
                  <li
                    key={tag.number}
                    className="chip bg-surface py-0.5 text-xs"
                    title={`Item ${tag.number}: ${tag.title}`}
                  >
                    {tag.number} {tag.label}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {a.thumbnail && (
          <img
            src={a.thumbnail}
            alt=""
            width="1200"
            height="630"
            className="mt-5 aspect-[1200/630] w-full rounded-xl object-cover"
          />
        )}
        <div className="article-body mt-6" dangerouslySetInnerHTML={{ __html: a.description }} />
      </article>
      <aside aria-labelledby="more-news">
        <h2 id="more-news" className="mb-3 text-lg font-bold">
          More News
        </h2>
        {related.state === 'loading' && <p className="text-sm text-muted">Loading…</p>}
        {related.state === 'failed' && <p className="text-sm text-down">{ARTICLE_TEXTS.relatedFailed}</p>}
        {related.state === 'ready' &&
          (related.value.length === 0 ? (
            <p className="text-sm text-muted">{ARTICLE_TEXTS.noRelated}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {related.value.map((item) => (
                <li key={item.id}>
                  <a href={`/news/${item.id}`} className="card block p-3 font-semibold hover:border-primary">
                    {item.title}
                  </a>
                </li>
              ))}
            </ul>
          ))}
      </aside>
    </div>
  );
}
