/** The investor presentation: six landscape slides (11 x 8.5 in). */
import { type PDFPage } from 'pdf-lib';
import { COMPANY_TEXT } from '../../../../lib/company.ts';
import { drawLineChart, priceChange } from './chart.ts';
import {
  AUTHOR,
  type Company,
  type CompanyDocumentInput,
  createDocument,
  dataAsOfLine,
  dataSourceLine,
  prepare,
} from './document.ts';
import { drawContact, drawLayout, drawLineOfText, drawParagraph, drawStatsTable } from './draw.ts';
import {
  BASELINE,
  type Box,
  BRAND,
  BRAND_DARK,
  DASH,
  type Fonts,
  LINE_HEIGHT,
  MUTED,
  ON_BRAND,
  RULE,
  SHADE,
  SLIDE,
  WHITE,
} from './style.ts';
import { fitLayout, layoutBullets, layoutParagraphs } from './text.ts';

/** Title slide, Company Overview, Value Proposition, Investment Highlights, Leadership, Share Price. */
export const PRESENTATION_SLIDE_COUNT = 6;

const SLIDE_MARGIN = 48;
const SLIDE_CONTENT_WIDTH = SLIDE.width - 2 * SLIDE_MARGIN;
const SLIDE_BAND_HEIGHT = 64;
const SLIDE_CONTENT_TOP = SLIDE.height - SLIDE_BAND_HEIGHT - 30;
const SLIDE_CONTENT_BOTTOM = 64;
const SLIDE_CONTENT_HEIGHT = SLIDE_CONTENT_TOP - SLIDE_CONTENT_BOTTOM;

export async function renderPresentation(input: CompanyDocumentInput): Promise<Uint8Array> {
  const company = prepare(input);
  const { pdf, fonts } = await createDocument(
    input,
    'Investor Presentation',
    `Investor presentation of ${input.name} (${input.market}: ${input.symbol})`,
  );
  const slide = (title: string) => {
    const page = pdf.addPage([SLIDE.width, SLIDE.height]);
    drawSlideFrame(page, fonts, company, title, pdf.getPageCount());
    return page;
  };

  drawTitleSlide(pdf.addPage([SLIDE.width, SLIDE.height]), fonts, company);
  drawOverviewSlide(slide('Company Overview'), fonts, company);
  drawValuePropositionSlide(slide('Value Proposition'), fonts, company);
  drawHighlightsSlide(slide('Investment Highlights'), fonts, company);
  drawLeadershipSlide(slide('Leadership'), fonts, company);
  drawSharePriceSlide(slide('Share Price'), fonts, company);

  return pdf.save();
}

function drawTitleSlide(page: PDFPage, fonts: Fonts, company: Company): void {
  const x = SLIDE_MARGIN + 16;
  const width = SLIDE.width - 2 * x;
  page.drawRectangle({ x: 0, y: 0, width: SLIDE.width, height: SLIDE.height, color: BRAND });
  page.drawRectangle({ x: 0, y: 0, width: SLIDE.width, height: 96, color: BRAND_DARK });
  page.drawRectangle({ x: SLIDE_MARGIN, y: 250, width: 4, height: 200, color: WHITE });

  drawLineOfText(page, AUTHOR.toUpperCase(), x, SLIDE.height - 64, {
    font: fonts.bold,
    size: 12,
    color: ON_BRAND,
    maxWidth: width,
  });
  drawLineOfText(page, 'Investor Presentation', x, 424, {
    font: fonts.regular,
    size: 18,
    color: ON_BRAND,
    maxWidth: width,
  });

  // The name gets two lines, and the largest size at which it fits them.
  const { size, layout } = fitLayout(
    (s) => layoutParagraphs(company.name, fonts.bold, s, width, 2 * s * LINE_HEIGHT),
    44,
    22,
  );
  const nameTop = 404;
  drawLayout(page, layout, x, nameTop, { font: fonts.bold, size, color: WHITE });
  const below = nameTop - Math.max(layout.height, size * LINE_HEIGHT) - 12;
  drawLineOfText(page, company.ticker, x, below - 20, { font: fonts.bold, size: 20, color: WHITE, maxWidth: width });
  drawLineOfText(page, `${company.sectorName}  |  ${company.industry}`, x, below - 46, {
    font: fonts.regular,
    size: 14,
    color: ON_BRAND,
    maxWidth: width,
  });

  const asOfWidth = drawLineOfText(page, `As of ${company.asOf}`, SLIDE.width - x, 42, {
    font: fonts.bold,
    size: 13,
    color: WHITE,
    align: 'right',
    maxWidth: width / 2,
  });
  drawLineOfText(page, dataSourceLine(company), x, 42, {
    font: fonts.regular,
    size: 11,
    color: ON_BRAND,
    maxWidth: width - asOfWidth - 16,
  });
}

/** Brand band with the slide title, and a footer naming the company and the slide number. */
function drawSlideFrame(page: PDFPage, fonts: Fonts, company: Company, title: string, number: number): void {
  const right = SLIDE.width - SLIDE_MARGIN;
  page.drawRectangle({
    x: 0,
    y: SLIDE.height - SLIDE_BAND_HEIGHT,
    width: SLIDE.width,
    height: SLIDE_BAND_HEIGHT,
    color: BRAND,
  });
  const tickerWidth = drawLineOfText(page, company.ticker, right, SLIDE.height - 39, {
    font: fonts.bold,
    size: 12,
    color: ON_BRAND,
    align: 'right',
    maxWidth: 200,
  });
  drawLineOfText(page, title, SLIDE_MARGIN, SLIDE.height - 41, {
    font: fonts.bold,
    size: 24,
    color: WHITE,
    maxWidth: SLIDE_CONTENT_WIDTH - tickerWidth - 16,
  });

  page.drawLine({ start: { x: SLIDE_MARGIN, y: 42 }, end: { x: right, y: 42 }, thickness: 0.6, color: RULE });
  const pageWidth = drawLineOfText(page, `${AUTHOR}  |  ${number} / ${PRESENTATION_SLIDE_COUNT}`, right, 26, {
    font: fonts.regular,
    size: 9,
    color: MUTED,
    align: 'right',
  });
  drawLineOfText(page, company.name, SLIDE_MARGIN, 26, {
    font: fonts.bold,
    size: 9,
    color: MUTED,
    maxWidth: SLIDE_CONTENT_WIDTH - pageWidth - 16,
  });
}

const SLIDE_PANEL_WIDTH = 236;
const SLIDE_PANEL_X = SLIDE.width - SLIDE_MARGIN - SLIDE_PANEL_WIDTH;
const SLIDE_MAIN_WIDTH = SLIDE_PANEL_X - SLIDE_MARGIN - 32;

/** Shaded side panel with a title; returns the inner top for its content. */
function drawPanel(page: PDFPage, fonts: Fonts, title: string, box: Box): number {
  page.drawRectangle({ ...box, color: SHADE });
  page.drawRectangle({ x: box.x, y: box.y + box.height - 3, width: box.width, height: 3, color: BRAND });
  const top = box.y + box.height;
  drawLineOfText(page, title, box.x + 16, top - 28, {
    font: fonts.bold,
    size: 13,
    color: BRAND,
    maxWidth: box.width - 32,
  });
  return top - 42;
}

function drawOverviewSlide(page: PDFPage, fonts: Fonts, company: Company): void {
  const text = company.description || 'No description available.';
  const { size, layout } = fitLayout(
    (s) => layoutParagraphs(text, fonts.regular, s, SLIDE_MAIN_WIDTH, SLIDE_CONTENT_HEIGHT),
    16,
    9,
  );
  drawLayout(page, layout, SLIDE_MARGIN, SLIDE_CONTENT_TOP, { font: fonts.regular, size });

  const box = { x: SLIDE_PANEL_X, y: SLIDE_CONTENT_BOTTOM, width: SLIDE_PANEL_WIDTH, height: SLIDE_CONTENT_HEIGHT };
  let cursor = drawPanel(page, fonts, 'At a Glance', box);
  const innerX = box.x + 16;
  const innerWidth = box.width - 32;
  const facts: [string, string][] = [
    ['Listing', company.ticker || DASH],
    ['Sector', company.sectorName],
    ['Industry', company.industry],
    ['Country', company.country],
    ['IPO Year', company.ipoYear],
    ['Website', company.website],
  ];
  for (const [label, value] of facts) {
    drawLineOfText(page, label.toUpperCase(), innerX, cursor - 8, {
      font: fonts.bold,
      size: 8,
      color: MUTED,
      maxWidth: innerWidth,
    });
    const valueLayout = layoutParagraphs(value, fonts.bold, 12, innerWidth, 2 * 12 * LINE_HEIGHT);
    drawLayout(page, valueLayout, innerX, cursor - 12, { font: fonts.bold, size: 12 });
    cursor -= 12 + valueLayout.height + 14;
  }
}

/** The muted line a slide shows when its section is empty. */
function drawSlideNote(page: PDFPage, fonts: Fonts, text: string, x: number, maxWidth: number): void {
  drawLineOfText(page, text, x, SLIDE_CONTENT_TOP - 22, { font: fonts.italic, size: 18, color: MUTED, maxWidth });
}

function drawValuePropositionSlide(page: PDFPage, fonts: Fonts, company: Company): void {
  const x = SLIDE_MARGIN + 24;
  const width = SLIDE_CONTENT_WIDTH - 48;
  if (!company.valueProp) return drawSlideNote(page, fonts, COMPANY_TEXT.noValueProp, x, width);
  const { size, layout } = fitLayout(
    (s) => layoutParagraphs(company.valueProp, fonts.regular, s, width, SLIDE_CONTENT_HEIGHT),
    24,
    10,
  );
  // A brand bar alongside the text sets it apart as a statement rather than body copy.
  page.drawRectangle({
    x: SLIDE_MARGIN,
    y: SLIDE_CONTENT_TOP - layout.height,
    width: 5,
    height: layout.height,
    color: BRAND,
  });
  drawLayout(page, layout, x, SLIDE_CONTENT_TOP, { font: fonts.regular, size });
}

function drawHighlightsSlide(page: PDFPage, fonts: Fonts, company: Company): void {
  if (company.highlights.length === 0)
    return drawSlideNote(page, fonts, COMPANY_TEXT.noHighlights, SLIDE_MARGIN, SLIDE_CONTENT_WIDTH);
  const { size, layout } = fitLayout(
    (s) => layoutBullets(company.highlights, fonts.regular, s, SLIDE_CONTENT_WIDTH, SLIDE_CONTENT_HEIGHT),
    18,
    9,
  );
  drawLayout(page, layout, SLIDE_MARGIN, SLIDE_CONTENT_TOP, { font: fonts.regular, size });
}

/** Management as cards in two columns, and the investor relations contact in a side panel. */
function drawLeadershipSlide(page: PDFPage, fonts: Fonts, company: Company): void {
  const people = company.management;
  if (people.length === 0) {
    drawLineOfText(page, 'No management information available.', SLIDE_MARGIN, SLIDE_CONTENT_TOP - 22, {
      font: fonts.italic,
      size: 18,
      color: MUTED,
      maxWidth: SLIDE_MAIN_WIDTH,
    });
  } else {
    const gap = 12;
    const cardWidth = (SLIDE_MAIN_WIDTH - gap) / 2;
    const cardHeight = 54;
    const rows = Math.floor((SLIDE_CONTENT_HEIGHT + gap) / (cardHeight + gap));
    const capacity = rows * 2;
    const shown = people.length <= capacity ? people : people.slice(0, capacity - 1);
    const cards = [
      ...shown.map((person) => ({ ...person, more: false })),
      ...(shown.length < people.length
        ? [{ name: `+ ${people.length - shown.length} more`, title: '', more: true }]
        : []),
    ];
    for (const [index, card] of cards.entries()) {
      const x = SLIDE_MARGIN + (index % 2) * (cardWidth + gap);
      const top = SLIDE_CONTENT_TOP - Math.floor(index / 2) * (cardHeight + gap);
      page.drawRectangle({ x, y: top - cardHeight, width: cardWidth, height: cardHeight, color: SHADE });
      page.drawRectangle({ x, y: top - cardHeight, width: 4, height: cardHeight, color: BRAND });
      const inner = { x: x + 16, width: cardWidth - 28 };
      if (card.more) {
        drawLineOfText(page, card.name, inner.x, top - cardHeight / 2 - 4, {
          font: fonts.italic,
          size: 12,
          color: MUTED,
          maxWidth: inner.width,
        });
        continue;
      }
      drawLineOfText(page, card.name, inner.x, top - 20, { font: fonts.bold, size: 13, maxWidth: inner.width });
      drawLineOfText(page, card.title, inner.x, top - 38, {
        font: fonts.regular,
        size: 10,
        color: MUTED,
        maxWidth: inner.width,
      });
    }
  }

  const box = { x: SLIDE_PANEL_X, y: SLIDE_CONTENT_TOP - 130, width: SLIDE_PANEL_WIDTH, height: 130 };
  const top = drawPanel(page, fonts, 'Investor Relations Contact', box);
  drawContact(page, fonts, company.specialist, box.x + 16, top, box.width - 32, 11);
}

/** The one-year chart with the key statistics beside it, and the small print below. */
function drawSharePriceSlide(page: PDFPage, fonts: Fonts, company: Company): void {
  const chartTop = SLIDE_CONTENT_TOP;
  const chartHeight = 270;
  const captionWidth = drawLineOfText(
    page,
    priceChange(company.closes),
    SLIDE_MARGIN + SLIDE_MAIN_WIDTH,
    chartTop - 10,
    { font: fonts.regular, size: 10, color: MUTED, align: 'right', maxWidth: SLIDE_MAIN_WIDTH / 2 },
  );
  drawLineOfText(page, 'Daily closing price', SLIDE_MARGIN, chartTop - 10, {
    font: fonts.bold,
    size: 11,
    color: BRAND,
    maxWidth: SLIDE_MAIN_WIDTH - captionWidth - 12,
  });
  drawLineChart(
    page,
    fonts,
    company.closes,
    { x: SLIDE_MARGIN, y: chartTop - 22 - chartHeight, width: SLIDE_MAIN_WIDTH, height: chartHeight },
    9,
  );

  const box = { x: SLIDE_PANEL_X, y: chartTop - 22 - chartHeight, width: SLIDE_PANEL_WIDTH, height: chartHeight + 22 };
  const top = drawPanel(page, fonts, 'Key Statistics', box);
  // On the shaded panel, white stripes keep the rows apart.
  const table = { x: box.x + 16, top, width: box.width - 32, maxHeight: top - box.y - 12 };
  drawStatsTable(page, fonts, company.stats, table, 9.5, WHITE);

  // The small print fills the space down to the footer, with the data line right under it.
  const smallPrintTop = box.y - 16;
  const asOfSize = 8.5;
  const disclosureSize = 7.5;
  const disclosureRoom = smallPrintTop - SLIDE_CONTENT_BOTTOM - asOfSize * LINE_HEIGHT - 6;
  const disclosureStyle = { font: fonts.regular, size: disclosureSize, color: MUTED };
  const used = drawParagraph(
    page,
    company.disclosure,
    SLIDE_MARGIN,
    smallPrintTop,
    SLIDE_CONTENT_WIDTH,
    disclosureRoom,
    disclosureStyle,
  );
  const asOfBaseline = smallPrintTop - used - (used > 0 ? 6 : 0) - asOfSize * BASELINE;
  drawLineOfText(page, dataAsOfLine(company), SLIDE_MARGIN, asOfBaseline, {
    font: fonts.regular,
    size: asOfSize,
    maxWidth: SLIDE_CONTENT_WIDTH,
  });
}
