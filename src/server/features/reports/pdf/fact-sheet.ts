/** The fact sheet: one US Letter page (docs/product.md §9.10: Reports/{ticker}_FactSheet.pdf). */
import { type PDFPage } from 'pdf-lib';
import { drawLineChart, priceChange } from './chart.ts';
import { AUTHOR, type Company, type CompanyDocumentInput, createDocument, dataAsOfLine, prepare } from './document.ts';
import {
  drawBullets,
  drawContact,
  drawLineOfText,
  drawParagraph,
  drawSectionHeading,
  drawStatsTable,
  SECTION_HEADING_HEIGHT,
  type TextStyle,
} from './draw.ts';
import {
  BASELINE,
  BRAND,
  BRAND_DARK,
  type Fonts,
  LETTER,
  LINE_HEIGHT,
  MUTED,
  ON_BRAND,
  RULE,
  SHADE,
  WHITE,
} from './style.ts';
import { fitLine, layoutBullets, layoutParagraphs, shareSpace } from './text.ts';

const SHEET_MARGIN = 36;
const SHEET_CONTENT_WIDTH = LETTER.width - 2 * SHEET_MARGIN;
const SHEET_HEADER_HEIGHT = 92;
const SHEET_STRIP_HEIGHT = 32;
const SHEET_FOOTER_TOP = 100;
const SHEET_COLUMN_GAP = 20;
const SHEET_LEFT_WIDTH = 312;
const SHEET_RIGHT_WIDTH = SHEET_CONTENT_WIDTH - SHEET_LEFT_WIDTH - SHEET_COLUMN_GAP;
const SECTION_GAP = 14;
const BODY_SIZE = 9;

export async function renderFactSheet(input: CompanyDocumentInput): Promise<Uint8Array> {
  const company = prepare(input);
  const { pdf, fonts } = await createDocument(
    input,
    'Fact Sheet',
    `Research profile of ${input.name} (${input.market}: ${input.symbol})`,
  );
  const page = pdf.addPage([LETTER.width, LETTER.height]);

  drawSheetHeader(page, fonts, company);
  const stripTop = LETTER.height - SHEET_HEADER_HEIGHT;
  drawFactsStrip(page, fonts, company, stripTop);
  const columnTop = stripTop - SHEET_STRIP_HEIGHT - 16;
  const columnBottom = SHEET_FOOTER_TOP + 12;
  drawSheetLeftColumn(page, fonts, company, SHEET_MARGIN, columnTop, columnTop - columnBottom);
  drawSheetRightColumn(
    page,
    fonts,
    company,
    SHEET_MARGIN + SHEET_LEFT_WIDTH + SHEET_COLUMN_GAP,
    columnTop,
    columnTop - columnBottom,
  );
  drawSheetFooter(page, fonts, company);

  return pdf.save();
}

function drawSheetHeader(page: PDFPage, fonts: Fonts, company: Company): void {
  const top = LETTER.height;
  const right = LETTER.width - SHEET_MARGIN;
  page.drawRectangle({
    x: 0,
    y: top - SHEET_HEADER_HEIGHT,
    width: LETTER.width,
    height: SHEET_HEADER_HEIGHT,
    color: BRAND,
  });
  page.drawRectangle({ x: 0, y: top - SHEET_HEADER_HEIGHT, width: LETTER.width, height: 3, color: BRAND_DARK });

  const brandWidth = drawLineOfText(page, AUTHOR.toUpperCase(), right, top - 24, {
    font: fonts.bold,
    size: 8,
    color: ON_BRAND,
    align: 'right',
  });
  drawLineOfText(page, 'Research Profile', SHEET_MARGIN, top - 24, {
    font: fonts.bold,
    size: 9,
    color: WHITE,
    maxWidth: SHEET_CONTENT_WIDTH - brandWidth - 12,
  });

  const name = fitLine(company.name, fonts.bold, 24, 13, SHEET_CONTENT_WIDTH);
  drawLineOfText(page, name.text, SHEET_MARGIN, top - 52, { font: fonts.bold, size: name.size, color: WHITE });

  const asOfWidth = drawLineOfText(page, `As of ${company.asOf}`, right, top - 76, {
    font: fonts.regular,
    size: 9,
    color: ON_BRAND,
    align: 'right',
    maxWidth: SHEET_CONTENT_WIDTH / 3,
  });
  drawLineOfText(page, company.ticker, SHEET_MARGIN, top - 76, {
    font: fonts.bold,
    size: 12,
    color: WHITE,
    maxWidth: SHEET_CONTENT_WIDTH - asOfWidth - 12,
  });
}

/** One row of labelled facts under the header: sector, industry, country, IPO year, website. */
function drawFactsStrip(page: PDFPage, fonts: Fonts, company: Company, top: number): void {
  page.drawRectangle({
    x: 0,
    y: top - SHEET_STRIP_HEIGHT,
    width: LETTER.width,
    height: SHEET_STRIP_HEIGHT,
    color: SHADE,
  });
  const cells: [string, string, number][] = [
    ['Sector', company.sectorName, 1.1],
    ['Industry', company.industry, 1.7],
    ['Country', company.country, 1],
    ['IPO Year', company.ipoYear, 0.6],
    ['Website', company.website, 1.3],
  ];
  const unit = SHEET_CONTENT_WIDTH / cells.reduce((sum, [, , weight]) => sum + weight, 0);
  let x = SHEET_MARGIN;
  for (const [label, value, weight] of cells) {
    const width = unit * weight - 8;
    drawLineOfText(page, label.toUpperCase(), x, top - 12, {
      font: fonts.bold,
      size: 6.5,
      color: MUTED,
      maxWidth: width,
    });
    drawLineOfText(page, value, x, top - 24, { font: fonts.bold, size: 8.5, maxWidth: width });
    x += unit * weight;
  }
}

/** Overview, value proposition and highlights, sharing the column's height fairly. */
function drawSheetLeftColumn(
  page: PDFPage,
  fonts: Fonts,
  company: Company,
  x: number,
  top: number,
  height: number,
): void {
  const width = SHEET_LEFT_WIDTH;
  const body: TextStyle = { font: fonts.regular, size: BODY_SIZE };
  const sections = [
    { title: 'Company Overview', text: company.description || 'No description available.', bullets: false },
    ...(company.valueProp ? [{ title: 'Value Proposition', text: company.valueProp, bullets: false }] : []),
    ...(company.highlights.length > 0 ? [{ title: 'Investment Highlights', text: '', bullets: true }] : []),
  ];
  const layoutOf = (section: (typeof sections)[number], maxHeight: number) =>
    section.bullets
      ? layoutBullets(company.highlights, body.font, body.size, width, maxHeight)
      : layoutParagraphs(section.text, body.font, body.size, width, maxHeight);

  const overhead = sections.length * SECTION_HEADING_HEIGHT + (sections.length - 1) * SECTION_GAP;
  const shares = shareSpace(
    sections.map((section) => layoutOf(section, Infinity).height),
    height - overhead,
  );
  let cursor = top;
  for (const [index, section] of sections.entries()) {
    cursor -= drawSectionHeading(page, fonts, section.title, x, cursor, width);
    const maxHeight = shares[index] ?? 0;
    const used = section.bullets
      ? drawBullets(page, company.highlights, x, cursor, width, maxHeight, body)
      : drawParagraph(page, section.text, x, cursor, width, maxHeight, body);
    cursor -= used + SECTION_GAP;
  }
}

const MANAGEMENT_ROW_HEIGHT = 22;
const CONTACT_HEIGHT = 40;
const SHEET_CHART_HEIGHT = 112;
const SHEET_STATS_SIZE = 8;

/** Key statistics, price chart, management and the investor relations contact. */
function drawSheetRightColumn(
  page: PDFPage,
  fonts: Fonts,
  company: Company,
  x: number,
  top: number,
  height: number,
): void {
  const width = SHEET_RIGHT_WIDTH;
  const statsRowHeight = SHEET_STATS_SIZE * 1.75;
  const overhead = 4 * SECTION_HEADING_HEIGHT + 3 * SECTION_GAP;
  // The chart and the contact have fixed sizes; stats and management share what is left.
  const [statsShare = 0, managementShare = 0] = shareSpace(
    [
      Math.max(1, company.stats.length) * statsRowHeight,
      Math.max(1, company.management.length) * MANAGEMENT_ROW_HEIGHT,
    ],
    height - overhead - SHEET_CHART_HEIGHT - CONTACT_HEIGHT,
  );

  let cursor = top;
  cursor -= drawSectionHeading(page, fonts, 'Key Statistics', x, cursor, width);
  cursor -=
    drawStatsTable(page, fonts, company.stats, { x, top: cursor, width, maxHeight: statsShare }, SHEET_STATS_SIZE) +
    SECTION_GAP;

  cursor -= drawSectionHeading(page, fonts, 'One-Year Price', x, cursor, width, priceChange(company.closes));
  drawLineChart(
    page,
    fonts,
    company.closes,
    { x, y: cursor - SHEET_CHART_HEIGHT, width, height: SHEET_CHART_HEIGHT },
    6.5,
  );
  cursor -= SHEET_CHART_HEIGHT + SECTION_GAP;

  cursor -= drawSectionHeading(page, fonts, 'Management', x, cursor, width);
  cursor -= drawManagementList(page, fonts, company.management, x, cursor, width, managementShare) + SECTION_GAP;

  cursor -= drawSectionHeading(page, fonts, 'Investor Relations Contact', x, cursor, width);
  drawContact(page, fonts, company.specialist, x, cursor, width, 8);
}

/** Name over title for each person; when they do not all fit, the last row says how many are left out. */
function drawManagementList(
  page: PDFPage,
  fonts: Fonts,
  people: { name: string; title: string }[],
  x: number,
  top: number,
  width: number,
  maxHeight: number,
): number {
  if (people.length === 0) {
    drawLineOfText(page, 'No management information available.', x, top - 8 * BASELINE, {
      font: fonts.italic,
      size: 8,
      color: MUTED,
      maxWidth: width,
    });
    return 8 * LINE_HEIGHT;
  }
  const capacity = Math.max(1, Math.floor(maxHeight / MANAGEMENT_ROW_HEIGHT));
  const shown = people.length <= capacity ? people : people.slice(0, capacity - 1);
  for (const [index, person] of shown.entries()) {
    const rowTop = top - index * MANAGEMENT_ROW_HEIGHT;
    drawLineOfText(page, person.name, x, rowTop - 8.5, { font: fonts.bold, size: 8.5, maxWidth: width });
    drawLineOfText(page, person.title, x, rowTop - 18, {
      font: fonts.regular,
      size: 7.5,
      color: MUTED,
      maxWidth: width,
    });
  }
  if (shown.length < people.length) {
    const rowTop = top - shown.length * MANAGEMENT_ROW_HEIGHT;
    drawLineOfText(page, `+ ${people.length - shown.length} more`, x, rowTop - 8.5, {
      font: fonts.italic,
      size: 8,
      color: MUTED,
      maxWidth: width,
    });
  }
  return Math.min(people.length, capacity) * MANAGEMENT_ROW_HEIGHT;
}

function drawSheetFooter(page: PDFPage, fonts: Fonts, company: Company): void {
  const x = SHEET_MARGIN;
  const width = SHEET_CONTENT_WIDTH;
  page.drawLine({
    start: { x, y: SHEET_FOOTER_TOP },
    end: { x: x + width, y: SHEET_FOOTER_TOP },
    thickness: 0.6,
    color: RULE,
  });
  // Small print gets at most six lines; the data line below always shows.
  const disclosureSize = 6.5;
  drawParagraph(page, company.disclosure, x, SHEET_FOOTER_TOP - 6, width, disclosureSize * LINE_HEIGHT * 6, {
    font: fonts.regular,
    size: disclosureSize,
    color: MUTED,
  });
  const brandWidth = drawLineOfText(page, AUTHOR, x + width, 30, {
    font: fonts.bold,
    size: 7.5,
    color: BRAND,
    align: 'right',
  });
  drawLineOfText(page, dataAsOfLine(company), x, 30, {
    font: fonts.regular,
    size: 7.5,
    maxWidth: width - brandWidth - 12,
  });
}
