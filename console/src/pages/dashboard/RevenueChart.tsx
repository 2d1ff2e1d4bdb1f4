import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { components } from '../../../../test/generated/openapi';
import { useBusiness } from '../../frame/business';
import { chooseTicks, tickLabel } from '../../lib/chart-ticks';
import { toPlotNumber } from '../../lib/money';

type RevenuePoint = components['schemas']['RevenuePointJson'];

const HEIGHT = 260;

/**
 * Revenue per day drawn by uPlot (its own chunk, loaded with the dashboard). The figures a reader
 * needs are in RevenueTable; the canvas is hidden from assistive technology. The days are the
 * business's (`YYYY-MM-DD`), placed at UTC midnight and labelled in UTC so no zone shifts them; the
 * ticks are days (weeks past 90 days) in the browser's locale, chosen by lib/chart-ticks.ts for the
 * chart's width, never uPlot's hours.
 * `data-drawn` is set once uPlot has drawn (the bench and the tests wait for it).
 */
export default function RevenueChart({ points }: { points: RevenuePoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  const { currency } = useBusiness();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const axisMoney = new Intl.NumberFormat(undefined, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
    const days = points.map((p) => p.date);
    const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const dayAt = new Map(days.map((day, i) => [xs[i], day]));
    const ys = points.map((p) => toPlotNumber(p.revenue));
    el.removeAttribute('data-drawn');
    const plot = new uPlot(
      {
        width: Math.max(el.clientWidth, 300),
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { show: true, drag: { x: false, y: false } },
        scales: {
          // one day (today): half a day either side, so its point stands in the middle
          x: { time: true, range: (_u, min, max) => (xs.length === 1 ? [xs[0] - 43_200, xs[0] + 43_200] : [min, max]) },
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        axes: [
          {
            splits: (u) => chooseTicks(days, u.width).days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000),
            values: (_u, ticks) => ticks.map((t) => tickLabel(dayAt.get(t) ?? new Date(t * 1000).toISOString().slice(0, 10))),
          },
          { size: 70, values: (_u, ticks) => ticks.map((t) => axisMoney.format(t)) },
        ],
        series: [{}, { label: 'Revenue', stroke: '#0b5cad', width: 2, fill: 'rgba(11, 92, 173, 0.12)', points: { show: points.length <= 31 } }],
        hooks: { draw: [() => el.setAttribute('data-drawn', 'true')] },
      },
      [xs, ys],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 300), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [points, currency]);

  return <div ref={box} className="chart" aria-hidden="true" />;
}
