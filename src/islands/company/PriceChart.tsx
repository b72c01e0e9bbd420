/**
 * The company's price chart (docs/product.md §9.2): daily closes over 1M, 3M, 6M or 1Y with
 * volume bars beneath, drawn with lightweight-charts. The island hydrates when
 * the chart comes into view and fetches the prices and the chart library
 * together; the chart box keeps its height meanwhile so nothing below it moves.
 */
import { useChartKit } from '../chart-loader.ts';
import { useEffect, useRef, useState } from 'react';
import { CHART_RANGES, COMPANY_TEXT, type ChartRange } from '../../lib/company.ts';
import { describeChange } from '../../lib/format.ts';
import { getJson } from '../../stores/company.ts';
import type { PriceBarRecord } from '../../lib/content-records.ts';

type Bar = Pick<PriceBarRecord, 'date' | 'close' | 'volume'>;

const VOLUME_PANE = 1;

export default function PriceChart({ symbol }: { symbol: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<ChartRange>('3M');
  const [bars, setBars] = useState<Bar[] | null>(null);
  const [failed, setFailed] = useState(false);
  const { kit, failed: kitFailed } = useChartKit();

  useEffect(() => {
    let live = true;
    getJson<{ data: Bar[] }>(`stock/history/${encodeURIComponent(symbol)}?range=${range}`)
      .then((body) => live && setBars(body.data))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [symbol, range]);

  useEffect(() => {
    const el = ref.current;
    if (!el || !kit || !bars?.length) return;
    const up = bars[bars.length - 1]!.close >= bars[0]!.close;
    const chart = kit.createPriceChart(el);
    const price = kit.addPriceArea(chart, up, 0.3);
    price.setData(bars.map((b) => ({ time: b.date, value: b.close })));
    // Volume gets a pane of its own beneath the prices: laid over them, the price axis ran its labels down
    // across the bars and the volume's last value landed among the prices.
    const volume = chart.addSeries(
      kit.HistogramSeries,
      { priceFormat: { type: 'volume' }, lastValueVisible: false, priceLineVisible: false },
      VOLUME_PANE,
    );
    const [pricePane, volumePane] = chart.panes();
    pricePane?.setStretchFactor(3);
    volumePane?.setStretchFactor(1);
    chart.priceScale('right', VOLUME_PANE).applyOptions({ scaleMargins: { top: 0.1, bottom: 0 } });
    volume.setData(
      bars.map((b, i) => ({
        time: b.date,
        value: b.volume,
        color: i > 0 && b.close < bars[i - 1]!.close ? 'rgba(220,38,38,0.45)' : 'rgba(22,163,74,0.45)',
      })),
    );
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [bars, kit]);

  // The chart needs both its prices and the library; an empty history needs neither to say so.
  const pending =
    failed || (kitFailed && bars?.length !== 0) ? 'failed' : !bars || (bars.length > 0 && !kit) ? 'loading' : null;
  const change =
    bars && bars.length > 1
      ? describeChange(((bars[bars.length - 1]!.close - bars[0]!.close) / bars[0]!.close) * 100)
      : null;
  return (
    <div className="flex flex-col gap-3" data-testid="price-chart">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div
          role="group"
          aria-label="Chart range"
          className="inline-flex overflow-hidden rounded-lg border border-line"
        >
          {CHART_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={r === range}
              className={`px-3 py-1.5 text-sm font-semibold ${r === range ? 'bg-primary-fill text-white' : 'hover:bg-surface-2'}`}
              onClick={() => {
                setFailed(false);
                setRange(r);
              }}
            >
              {r}
            </button>
          ))}
        </div>
        {change && (
          <span className={`text-sm font-semibold ${change.direction === 'up' ? 'text-up' : 'text-down'}`}>
            {change.text} over {range}
          </span>
        )}
      </div>
      <div className="relative h-72 w-full sm:h-80">
        <div ref={ref} className="absolute inset-0" role="img" aria-label={`${symbol} price and volume, ${range}`} />
        {pending && (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-muted" role="status">
            {pending === 'failed' ? COMPANY_TEXT.loadFailed : COMPANY_TEXT.loadingMarketData}
          </p>
        )}
        {bars && bars.length === 0 && (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-muted">No price history yet.</p>
        )}
      </div>
    </div>
  );
}
