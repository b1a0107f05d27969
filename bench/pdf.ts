import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { seedDrinks } from '../src/server/db/seed';
import { median } from './http-load';

export interface PdfReport {
  lines: number;
  runs: number;
  medianMs: number;
  p90Ms: number;
  bytes: number;
}

const receiptPdfModule = 'src/shared/receipt-pdf.ts';

/**
 * The receipt of a guest who took one or two of each of the nine seeded drinks: the receipt model and the PDF
 * bytes, as the browser builds them (the same shared code, here in Node). The first runs warm jsPDF up and
 * are not counted.
 */
export async function benchReceiptPdf(runs = 40, warmup = 5): Promise<PdfReport | undefined> {
  if (!fs.existsSync(receiptPdfModule)) return undefined;
  // By path at run time: the bench must still run where the PDF builder is not written yet.
  const { buildReceiptPdf } = (await import(path.resolve(receiptPdfModule))) as {
    buildReceiptPdf: (model: unknown) => Uint8Array;
  };
  const { buildReceiptModel } = (await import(path.resolve('src/shared/receipt-model.ts'))) as {
    buildReceiptModel: (input: { bungalow: number; items: unknown[]; date: string }) => unknown;
  };
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
