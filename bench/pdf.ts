import { performance } from 'node:perf_hooks';
import { seedDrinks } from '../src/server/db/seed';
import { buildReceiptModel } from '../src/shared/receipt-model';
import { buildReceiptPdf } from '../src/shared/receipt-pdf';
import { median } from './http-load';

export interface PdfReport {
  lines: number;
  runs: number;
  medianMs: number;
  p90Ms: number;
  bytes: number;
}

/**
 * The receipt of a guest who took one or two of each of the nine seeded drinks: the receipt model and the PDF
 * bytes, built by the same shared code the browser runs (src/shared/receipt-pdf.ts, jsPDF), here in Node.
 * The first runs warm jsPDF up and are not counted.
 */
export function benchReceiptPdf(runs = 40, warmup = 5): PdfReport {
  const items = seedDrinks.map((drink, index) => ({
    name: drink.drinkName,
    price: drink.price,
    missing: (index % 2) + 1,
  }));
  const date = new Date().toLocaleDateString('en-GB');
  const build = () => buildReceiptPdf(buildReceiptModel({ bungalow: 12, items, date }));

  let bytes = 0;
  for (let i = 0; i < warmup; i++) bytes = build().length;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    build();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    lines: items.length,
    runs,
    medianMs: median(times),
    p90Ms: times[Math.floor(runs * 0.9)] ?? Number.NaN,
    bytes,
  };
}
