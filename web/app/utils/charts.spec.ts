import { describe, expect, it } from '@jest/globals';
import { lineChart } from './charts';

describe('lineChart', () => {
  it('places points by date, however far apart, and by value within a padded range', () => {
    const chart = lineChart([
      { date: '2026-01-01', value: 80 },
      { date: '2026-01-02', value: 79 },
      { date: '2026-01-11', value: 78 },
    ]);
    const [a, b, c] = chart.dots;
    expect(a!.x).toBe(chart.plot.left);
    expect(c!.x).toBe(chart.plot.right);
    // One day of ten: a tenth of the width.
    expect(b!.x - a!.x).toBeCloseTo((chart.plot.right - chart.plot.left) / 10, 0);
    expect(chart.min).toBeLessThan(78);
    expect(chart.max).toBeGreaterThan(80);
    // Higher values are drawn higher up.
    expect(a!.y).toBeLessThan(b!.y);
    expect(b!.y).toBeLessThan(c!.y);
    expect(chart.line).toBe(chart.dots.map((dot) => `${dot.x},${dot.y}`).join(' '));
  });

  it('puts a single measurement in the middle, inside the plot', () => {
    const { dots, plot } = lineChart([{ date: '2026-03-01', value: 20 }]);
    expect(dots[0]!.x).toBe((plot.left + plot.right) / 2);
    expect(dots[0]!.y).toBeGreaterThan(plot.top);
    expect(dots[0]!.y).toBeLessThan(plot.bottom);
  });
});
