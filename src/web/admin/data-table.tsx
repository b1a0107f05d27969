import type { ReactNode } from 'react';

export interface DataColumn<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Figures: right-aligned, digits of equal width. */
  numeric?: boolean;
  /** A picture of the figures beside it (a bar): hidden from screen readers, which have the figures. */
  decorative?: boolean;
  className?: string;
}

export interface DataTableProps<Row> {
  caption: ReactNode;
  /** The caption is read out but not shown (the table sits under a heading that says the same). */
  captionHidden?: boolean;
  /** The first column names the row (a row header); the others are its cells. */
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Shown across the table when there are no rows. */
  empty?: ReactNode;
  /** A closing row (a total), one entry per column. */
  footer?: readonly ReactNode[];
  className?: string;
}

const align = (column: { numeric?: boolean }) =>
  column.numeric ? 'whitespace-nowrap text-right tabular-nums' : '';

/** Every cell: a gap before the next column, so two full cells never read as one word ("AbbreviatedIssued"). */
const cellClass = 'py-1 pr-3 last:pr-0';

/** The staff pages' one table look: a caption, a header row, a row header per row, figures on the right. */
export function DataTable<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  empty,
  footer,
  className = 'max-w-xl',
}: DataTableProps<Row>) {
  const [first, ...rest] = columns;
  if (!first) return null;
  return (
    <table className={`w-full border-collapse text-left ${className}`}>
      <caption className={captionHidden ? 'sr-only' : 'mb-2 text-left font-bold text-slate-900'}>
        {caption}
      </caption>
      <thead>
        <tr className="border-b border-slate-300">
          {columns.map((column, index) => (
            <th
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed per table
              key={index}
              scope="col"
              className={`${cellClass} ${align(column)} ${column.className ?? ''}`}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && empty && (
          <tr>
            <td colSpan={columns.length} className="py-2 text-slate-600">
              {empty}
            </td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={rowKey(row)} className="border-b border-slate-100">
            <th scope="row" className={`${cellClass} font-normal ${align(first)} ${first.className ?? ''}`}>
              {first.cell(row)}
            </th>
            {rest.map((column, index) => (
              <td
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed per table
                key={index}
                aria-hidden={column.decorative || undefined}
                className={`${cellClass} ${align(column)} ${column.className ?? ''}`}
              >
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {footer && (
        <tfoot>
          <tr className="font-bold">
            {footer.map((cell, index) =>
              index === 0 ? (
                <th key="head" scope="row" className={cellClass}>
                  {cell}
                </th>
              ) : (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: one cell per fixed column
                  key={index}
                  className={`${cellClass} ${align(columns[index] ?? {})}`}
                >
                  {cell}
                </td>
              ),
            )}
          </tr>
        </tfoot>
      )}
    </table>
  );
}
