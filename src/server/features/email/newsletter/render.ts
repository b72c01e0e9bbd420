/**
 * A newsletter issue written out: the email each reader gets (greeted by
 * name, HTML and plain text, light and dark in one document), and its web
 * version, the archive's article. The email's layout is one centred column
 * of at most 600 px with inline styles, which every mail client draws, and
 * a `prefers-color-scheme` block for the clients that follow the reader's
 * dark mode; the preview can force either scheme.
 */
import { htmlToText } from '../../../../build/sanitize.ts';
import { escapeHtml } from '../../../../lib/markup.ts';
import type { NewsletterSection } from '../../../../lib/newsletter.ts';
import { SITE } from '../../../../lib/site.ts';

export interface IssueContent {
  subject: string;
  /** Sanitized HTML. */
  intro: string;
  sections: NewsletterSection[];
  /** The archive's article, once there is one. */
  articleId: number | null;
}

export type Scheme = 'auto' | 'light' | 'dark';

const LIGHT = { page: '#f2f4f7', card: '#ffffff', text: '#1d2433', muted: '#5b6472', line: '#d0d5dd', link: '#b42318' };
const DARK = { page: '#0f1420', card: '#1a2130', text: '#e6e9ef', muted: '#a3acbb', line: '#2f3a4d', link: '#ff8a80' };

const palette = (colors: typeof LIGHT, scope: string) => `
  ${scope} .nl-page { background:${colors.page} !important; }
  ${scope} .nl-card { background:${colors.card} !important; color:${colors.text} !important; }
  ${scope} .nl-muted, ${scope} .bulk-footer { color:${colors.muted} !important; }
  ${scope} .nl-line { border-color:${colors.line} !important; }
  ${scope} a { color:${colors.link} !important; }`;

function styles(scheme: Scheme): string {
  if (scheme === 'light') return palette(LIGHT, '');
  if (scheme === 'dark') return palette(DARK, '');
  return `${palette(LIGHT, '')}\n@media (prefers-color-scheme: dark) {${palette(DARK, '')}\n}`;
}

const articleUrl = (siteUrl: string, id: number) => `${siteUrl}/news/${id}`;

/** The sections as HTML, shared by the email and the web version. */
function sectionsHtml(sections: NewsletterSection[], siteUrl: string): string {
  return sections
    .filter((section) => section.items.length)
    .map(
      (section) =>
        `<h2 style="font-size:18px;margin:28px 0 12px">${escapeHtml(section.heading)}</h2>` +
        section.items
          .map(
            (item) =>
              `<div class="nl-line" style="border-top:1px solid ${LIGHT.line};padding:12px 0">` +
              `<p style="margin:0 0 4px;font-size:16px;font-weight:bold"><a href="${escapeHtml(articleUrl(siteUrl, item.newsId))}" style="color:${LIGHT.link}">${escapeHtml(item.title)}</a>` +
              (item.symbol
                ? ` <span class="nl-muted" style="font-weight:normal;color:${LIGHT.muted}">${escapeHtml(item.symbol)}</span>`
                : '') +
              `</p>` +
              (item.summary
                ? `<p class="nl-muted" style="margin:0;font-size:14px;line-height:1.5;color:${LIGHT.muted}">${escapeHtml(htmlToText(item.summary).slice(0, 300))}</p>`
                : '') +
              `</div>`,
          )
          .join(''),
    )
    .join('');
}

function sectionsText(sections: NewsletterSection[], siteUrl: string): string {
  return sections
    .filter((section) => section.items.length)
    .map(
      (section) =>
        `${section.heading.toUpperCase()}\n\n` +
        section.items
          .map(
            (item) =>
              `* ${item.title}${item.symbol ? ` (${item.symbol})` : ''}\n  ${articleUrl(siteUrl, item.newsId)}` +
              (item.summary ? `\n  ${htmlToText(item.summary).slice(0, 300)}` : ''),
          )
          .join('\n\n'),
    )
    .join('\n\n\n');
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The email one reader gets (the bulk footer is added when it is sent). */
export function renderIssueEmail(
  issue: IssueContent,
  reader: { name: string | null },
  options: { siteUrl: string; scheme?: Scheme },
): RenderedEmail {
  const masthead = `${SITE.name} · the weekly newsletter`;
  const greeting = reader.name?.trim() ? `Hello ${reader.name.trim()},` : 'Hello,';
  const web = issue.articleId ? articleUrl(options.siteUrl, issue.articleId) : null;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">` +
    `<title>${escapeHtml(issue.subject)}</title><style>${styles(options.scheme ?? 'auto')}\n` +
    `img { max-width:100%; height:auto; } @media (max-width:620px) { .nl-card { padding:20px 16px !important; } }</style></head>` +
    `<body style="margin:0;padding:0">` +
    `<div class="nl-page" style="background:${LIGHT.page};padding:24px 8px;font-family:Helvetica,Arial,sans-serif">` +
    `<div class="nl-card" style="max-width:600px;margin:0 auto;background:${LIGHT.card};color:${LIGHT.text};padding:32px;border-radius:8px">` +
    (web
      ? `<p class="nl-muted" style="margin:0 0 16px;font-size:12px;color:${LIGHT.muted}"><a href="${escapeHtml(web)}" style="color:${LIGHT.link}">Read it on the web</a></p>`
      : '') +
    `<p style="margin:0 0 4px;font-size:13px;font-weight:bold;letter-spacing:.08em;text-transform:uppercase">${masthead}</p>` +
    `<h1 style="font-size:24px;line-height:1.25;margin:0 0 20px">${escapeHtml(issue.subject)}</h1>` +
    `<p style="margin:0 0 12px;font-size:16px">${escapeHtml(greeting)}</p>` +
    `<div style="font-size:16px;line-height:1.6">${issue.intro}</div>` +
    sectionsHtml(issue.sections, options.siteUrl) +
    `</div></div></body></html>`;
  const text = [
    // As the HTML reads: the masthead, then the subject as staff wrote it (it names the newsletter itself).
    masthead,
    issue.subject,
    ...(web ? [`Read it on the web: ${web}`] : []),
    '',
    greeting,
    '',
    htmlToText(issue.intro),
    '',
    sectionsText(issue.sections, options.siteUrl),
  ].join('\n');
  return { subject: issue.subject, html, text };
}

/** The web version: the archive article's body (the site's page gives it its frame). */
export function renderIssueArticle(issue: IssueContent, siteUrl: string): string {
  return `${issue.intro}${sectionsHtml(issue.sections, siteUrl)}`;
}
