// A line chart's geometry, computed on the server: the record's charts are plain SVG (docs/product.md §2.15).

export interface ChartPoint {
  date: string;
  value: number;
}

export interface ChartGeometry {
  width: number;
  height: number;
  /** The polyline's `points` attribute. */
  line: string;
  dots: { x: number; y: number; point: ChartPoint }[];
  min: number;
  max: number;
  /** Where the axes are drawn. */
  plot: { left: number; right: number; top: number; bottom: number };
}

const WIDTH = 480;
const HEIGHT = 200;
const PLOT = { left: 48, right: WIDTH - 12, top: 12, bottom: HEIGHT - 28 };

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * The points placed by date along x (one day one step, whatever the gaps) and by value along y, the values' range
 * padded so that a flat line sits in the middle.
 */
export function lineChart(points: readonly ChartPoint[]): ChartGeometry {
  const values = points.map((point) => point.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = high === low ? Math.max(1, Math.abs(high) * 0.05) : (high - low) * 0.1;
  const min = Math.floor((low - pad) * 10) / 10;
  const max = Math.ceil((high + pad) * 10) / 10;
  const first = points.length > 0 ? dayOf(points[0]!.date) : 0;
  const last = points.length > 0 ? dayOf(points.at(-1)!.date) : 0;
  const span = Math.max(1, last - first);
  const x = (date: string) =>
    points.length === 1
      ? (PLOT.left + PLOT.right) / 2
      : PLOT.left + ((dayOf(date) - first) / span) * (PLOT.right - PLOT.left);
  const y = (value: number) => PLOT.bottom - ((value - min) / (max - min)) * (PLOT.bottom - PLOT.top);
  const dots = points.map((point) => ({
    x: Math.round(x(point.date) * 10) / 10,
    y: Math.round(y(point.value) * 10) / 10,
    point,
  }));
  return {
    width: WIDTH,
    height: HEIGHT,
    line: dots.map((dot) => `${dot.x},${dot.y}`).join(' '),
    dots,
    min,
    max,
    plot: PLOT,
  };
}
