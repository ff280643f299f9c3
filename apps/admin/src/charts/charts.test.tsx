import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { BarChart } from './bar-chart.tsx';
import { TimeChart } from './time-chart.tsx';

const render = (element: React.ReactElement) => {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(element);
  return host;
};
const cells = (row: Element) => [...row.children].map((cell) => cell.textContent);

it('gives a bar chart’s figures as a table, with the previous period and the change, bars hidden from readers', () => {
  const host = render(
    <BarChart
      caption="Top pages"
      itemLabel="Page"
      valueLabel="Page views"
      rows={[
        { label: '/en/contact', value: 1200, previous: 1000 },
        { label: '/el', value: 40, previous: 0 },
      ]}
    />,
  );
  expect(host.querySelector('figcaption')?.textContent).toBe('Top pages');
  expect(cells(host.querySelector('thead tr')!)).toEqual(['Page', 'Page views', 'Period before', 'Change']);
  expect([...host.querySelectorAll('tbody tr')].map(cells)).toEqual([
    ['/en/contact', '1,200', '1,000', '+20 %'],
    ['/el', '40', '0', 'new'],
  ]);
  expect([...host.querySelectorAll('svg')].every((svg) => svg.getAttribute('aria-hidden') === 'true')).toBe(
    true,
  );
  // The longest bar against a scale rounded up to 2,000.
  expect(host.querySelector('.bar-now')?.getAttribute('width')).toBe('60%');
});

it('leaves out the comparison columns without a previous period, and says when there is nothing', () => {
  const host = render(
    <BarChart
      caption="Languages"
      itemLabel="Language"
      valueLabel="Visitors"
      rows={[{ label: 'English', value: 3 }]}
    />,
  );
  expect(cells(host.querySelector('thead tr')!)).toEqual(['Language', 'Visitors']);
  const empty = render(
    <BarChart
      caption="Campaigns"
      itemLabel="Campaign"
      valueLabel="Visitors"
      rows={[]}
      empty="No campaigns."
    />,
  );
  expect(empty.querySelector('table')).toBeNull();
  expect(empty.textContent).toContain('No campaigns.');
});

it('names a time chart’s drawing by a summary and gives the same figures as a table', () => {
  const host = render(
    <TimeChart
      caption="Page views per day"
      pointLabel="Day"
      valueLabel="Page views"
      points={[
        { label: '1 Nov', value: 10, previous: 5 },
        { label: '2 Nov', value: 30, previous: 15 },
      ]}
    />,
  );
  const drawing = host.querySelector('svg[role="img"]')!;
  expect(drawing.getAttribute('aria-label')).toBe(
    'Page views from 1 Nov to 2 Nov: 40 in all, the highest 30, the previous period 20 (+100 %)',
  );
  expect(drawing.querySelectorAll('rect')).toHaveLength(2);
  expect(drawing.querySelector('polyline')).not.toBeNull();
  expect([...host.querySelectorAll('tbody tr')].map(cells)).toEqual([
    ['1 Nov', '10', '5', '+100 %'],
    ['2 Nov', '30', '15', '+100 %'],
  ]);
});

it('draws no time chart for an empty period', () => {
  const host = render(
    <TimeChart caption="Visitors per day" pointLabel="Day" valueLabel="Visitors" points={[]} />,
  );
  expect(host.querySelector('svg')).toBeNull();
  expect(host.textContent).toContain('Nothing in this period.');
});
