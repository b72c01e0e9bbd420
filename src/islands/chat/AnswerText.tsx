/**
 * A RedChat answer as the reader sees it: its text rendered from the answer
 * markup as elements (never as HTML), each citation mark a link to its
 * source, and the sources listed below. In the chat frame, links to the
 * site open in the whole window, not inside the frame.
 */
import type { ReactNode } from 'react';
import { citedNumbers, parseChatMarkup, type Inline } from '../../lib/chat-markup.ts';
import type { ChatCitation } from '../../lib/content-records.ts';

interface Props {
  content: string;
  citations: ChatCitation[];
  /** Where site links open: the top window from inside the chat frame. */
  siteTarget?: '_top' | '_self';
}

const isSitePath = (href: string) => href.startsWith('/');

function Link({
  href,
  target,
  children,
  label,
}: {
  href: string;
  target: string;
  children: ReactNode;
  label?: string;
}) {
  const external = !isSitePath(href);
  return (
    <a
      href={href}
      target={external ? '_blank' : target === '_self' ? undefined : target}
      rel={external ? 'noopener noreferrer' : undefined}
      aria-label={label}
      className="text-primary underline underline-offset-2"
    >
      {children}
    </a>
  );
}

const MOVE = /([▲▼] [+-]?[\d,.]+%)/;

/** Text whose price moves ('▲ +0.82%') take the site's up and down colours. */
function Moves({ text }: { text: string }) {
  if (!MOVE.test(text)) return <>{text}</>;
  return (
    <>
      {text.split(MOVE).map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} className={part.startsWith('▲') ? 'text-up' : 'text-down'}>
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Inlines({ items, citations, target }: { items: Inline[]; citations: ChatCitation[]; target: string }) {
  return (
    <>
      {items.map((inline, i) => {
        switch (inline.kind) {
          case 'text':
            return <Moves key={i} text={inline.text} />;
          case 'strong':
            return (
              <strong key={i}>
                <Inlines items={inline.children} citations={citations} target={target} />
              </strong>
            );
          case 'em':
            return (
              <em key={i}>
                <Inlines items={inline.children} citations={citations} target={target} />
              </em>
            );
          case 'code':
            return (
              <code key={i} className="rounded bg-surface-2 px-1 font-mono text-[0.9em]">
                {inline.text}
              </code>
            );
          case 'link':
            return (
              <Link key={i} href={inline.href} target={target}>
                <Inlines items={inline.children} citations={citations} target={target} />
              </Link>
            );
          case 'cite': {
            const source = citations[inline.n - 1];
            if (!source) return <sup key={i}>[{inline.n}]</sup>;
            return (
              <sup key={i} className="mx-px">
                <Link href={source.href} target={target} label={`Source ${inline.n}: ${source.label}`}>
                  [{inline.n}]
                </Link>
              </sup>
            );
          }
        }
      })}
    </>
  );
}

export default function AnswerText({ content, citations, siteTarget = '_self' }: Props) {
  const blocks = parseChatMarkup(content);
  const cited = citedNumbers(content);
  // The sources the text points at; all of them when it points at none.
  const sources = citations
    .map((citation, i) => ({ citation, n: i + 1 }))
    .filter(({ n }) => cited.size === 0 || cited.has(n));
  return (
    <div className="flex flex-col gap-2 leading-relaxed [overflow-wrap:anywhere]">
      {blocks.map((block, i) => {
        switch (block.kind) {
          case 'heading':
            return (
              <p key={i} className="font-bold">
                <Inlines items={block.inlines} citations={citations} target={siteTarget} />
              </p>
            );
          case 'paragraph':
            return (
              <p key={i}>
                {block.lines.map((line, j) => (
                  <span key={j}>
                    {j > 0 && <br />}
                    <Inlines items={line} citations={citations} target={siteTarget} />
                  </span>
                ))}
              </p>
            );
          case 'quote':
            return (
              <blockquote key={i} className="border-l-4 border-primary/60 pl-3 text-muted italic">
                {block.lines.map((line, j) => (
                  <p key={j}>
                    <Inlines items={line} citations={citations} target={siteTarget} />
                  </p>
                ))}
              </blockquote>
            );
          case 'list': {
            const List = block.ordered ? 'ol' : 'ul';
            return (
              <List key={i} className={`${block.ordered ? 'list-decimal' : 'list-disc'} flex flex-col gap-1 pl-5`}>
                {block.items.map((item, j) => (
                  <li key={j}>
                    <Inlines items={item} citations={citations} target={siteTarget} />
                  </li>
                ))}
              </List>
            );
          }
        }
      })}
      {sources.length > 0 && (
        <div className="mt-1 border-t border-line pt-2 text-sm" data-testid="answer-sources">
          <p className="font-semibold text-muted">Sources</p>
          <ol className="flex flex-col gap-0.5">
            {sources.map(({ citation, n }) => (
              <li key={n} className="flex gap-1.5">
                <span className="shrink-0 text-muted">[{n}]</span>
                <Link href={citation.href} target={siteTarget}>
                  {citation.label}
                </Link>
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
