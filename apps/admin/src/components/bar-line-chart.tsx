import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** One series of the chart: its name in the legend and tooltip, and how its values read. */
interface Series {
  name: string;
  format: (value: number) => string;
}

/**
 * The admin's charts (recharts, loaded only with the pages that show one): a value per day as bars on the
 * left axis and another as a line on the right axis, with a caption for screen readers.
 */
export function BarLineChart({
  data,
  bar,
  line,
  caption,
  testId,
  lineAxis = {},
}: {
  data: { day: string; bar: number; line: number }[];
  bar: Series;
  line: Series;
  caption: string;
  testId: string;
  lineAxis?: { unit?: string; domain?: [number, number]; allowDecimals?: boolean };
}) {
  return (
    <figure data-testid={testId} style={{ margin: 0 }}>
      <figcaption className="visually-hidden">{caption}</figcaption>
      <ResponsiveContainer width="100%" height={280}>
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" minTickGap={16} />
          <YAxis yAxisId="bar" tickFormatter={bar.format} width={84} />
          <YAxis yAxisId="line" orientation="right" width={56} {...lineAxis} />
          <Tooltip
            formatter={(value, name) => (name === bar.name ? bar.format : line.format)(Number(value))}
          />
          <Legend />
          <Bar yAxisId="bar" dataKey="bar" name={bar.name} fill="#4f46e5" />
          <Line yAxisId="line" dataKey="line" name={line.name} stroke="#16a34a" strokeWidth={2} dot={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}
