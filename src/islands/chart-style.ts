/**
 * The look shared by the site's price charts (lightweight-charts): theme
 * colours read from the page, a quiet grid, no scrolling or zooming, and a
 * green or red area for a rise or a fall.
 */
import { AreaSeries, ColorType, createChart, type IChartApi } from 'lightweight-charts';

// Loaded only through chart-loader.ts: the charts' one way to the library, so it stays out of the pages' own code.
export { HistogramSeries } from 'lightweight-charts';

function palette() {
  const css = getComputedStyle(document.documentElement);
  return {
    text: css.getPropertyValue('--color-muted').trim() || '#888',
    grid: css.getPropertyValue('--color-line').trim() || '#333',
  };
}

/** A chart in the site's style; `bottomMargin` leaves room under the price for volume bars. */
export function createPriceChart(el: HTMLElement, { bottomMargin = 0.1 } = {}): IChartApi {
  const colors = palette();
  return createChart(el, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: colors.text,
      attributionLogo: false,
      // A second pane (the company chart's volume) sits under a quiet line and keeps its size.
      panes: { separatorColor: colors.grid, enableResize: false },
    },
    grid: { vertLines: { visible: false }, horzLines: { color: colors.grid } },
    rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.08, bottom: bottomMargin } },
    timeScale: { borderVisible: false },
    handleScroll: false,
    handleScale: false,
  });
}

/** The price area, green when the period rose and red when it fell. */
export function addPriceArea(chart: IChartApi, up: boolean, fill = 0.35) {
  return chart.addSeries(AreaSeries, {
    lineColor: up ? '#16a34a' : '#dc2626',
    topColor: up ? `rgba(22,163,74,${fill})` : `rgba(220,38,38,${fill})`,
    bottomColor: 'rgba(0,0,0,0)',
    lineWidth: 2,
  });
}
