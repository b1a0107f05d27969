import fs from 'node:fs';
import { type FaultRow, tableFile } from './checker';

const columns: [string, (row: FaultRow) => string | number][] = [
  ['fault', (row) => row.fault],
  ['database', (row) => row.database],
  ['load', (row) => row.load],
  ['acknowledged', (row) => row.acknowledged],
  ['lost', (row) => row.lost],
  ['numbers', (row) => row.numbers],
  ['5xx other than 503', (row) => row.fiveHundreds],
  ['503 (Retry-After)', (row) => row.served503],
  ['fault lasted', (row) => `${row.faultSeconds.toFixed(1)} s`],
  ['time to recover', (row) => `${row.recoverSeconds.toFixed(1)} s`],
];

/** The table of the run, as docs/reliability.md keeps it. */
export function faultTable(rows: FaultRow[]): string {
  const lines = [
    `| ${columns.map(([name]) => name).join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${columns.map(([, cell]) => cell(row)).join(' | ')} |`),
  ];
  return lines.join('\n');
}

/** Vitest's global setup: a fresh table at the start, printed at the end. */
export function setup() {
  fs.rmSync(tableFile, { force: true });
  return () => {
    if (!fs.existsSync(tableFile)) return;
    const rows = fs
      .readFileSync(tableFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as FaultRow);
    console.log(`\nFaults survived (${new Date().toISOString()}):\n\n${faultTable(rows)}\n`);
  };
}
