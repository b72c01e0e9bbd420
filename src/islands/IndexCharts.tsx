import { useEffect, useRef, useState } from 'react';
import { api } from './api-client.ts';
import { describeChange, formatPrice } from '../lib/format.ts';
import ErrorBoundary from './ErrorBoundary.tsx';
import { useChartKit } from './chart-loader.ts';
import type { PricePointRecord } from '../lib/content-records.ts';

export interface IndexChartData {
  symbol: string;
  name: string;
  points: PricePointRecord[];
}

function Chart({ data }: { data: IndexChartData }) {
  const ref = useRef<HTMLDivElement>(null);
  const [points, setPoints] = useState(data.points);
  // The figures above the chart are the page's own; the chart itself waits for the library.
  const { kit } = useChartKit();

  useEffect(() => {
    // The page carries the history as of its build; fetch today's in case it is newer.
    let cancelled = false;
    api
      .get(`market/indices/${data.symbol}/history`, { searchParams: { range: '1M' } })
      .json<{ data: { date: string; close: number }[] }>()
      .then((body) => {
        if (!cancelled && body.data.length > 0) setPoints(body.data);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [data.symbol]);

  useEffect(() => {
    const el = ref.current;
    if (!el || !kit || points.length === 0) return;
    const first = points[0]?.close ?? 0;
    const last = points[points.length - 1]?.close ?? 0;
    const up = last >= first;
    const chart = kit.createPriceChart(el);
    const series = kit.addPriceArea(chart, up);
    series.setData(points.map((p) => ({ time: p.date, value: p.close })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [points, kit]);

  const first = points[0]?.close ?? 0;
  const last = points[points.length - 1]?.close ?? 0;
  const change = describeChange(first ? ((last - first) / first) * 100 : 0);
  return (
    <figure className="card flex flex-col gap-2 p-4" data-testid={`index-chart-${data.symbol}`}>
      <figcaption>
        <span className="block font-semibold">{data.name}</span>
        <span className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-mono text-lg font-semibold">{formatPrice(last)}</span>
          <span className={change.direction === 'up' ? 'text-up' : 'text-down'}>{change.text}</span>
          <span className="text-muted">1M</span>
        </span>
      </figcaption>
      <div
        ref={ref}
        className="h-40 w-full"
        role="img"
        aria-label={`${data.name}, last month: ${formatPrice(last)}, ${change.text}`}
      />
    </figure>
  );
}

export default function IndexCharts({ indices }: { indices: IndexChartData[] }) {
  return (
    <ErrorBoundary>
      <div className="grid gap-4 md:grid-cols-3">
        {indices.map((index) => (
          <Chart key={index.symbol} data={index} />
        ))}
      </div>
    </ErrorBoundary>
  );
}
