import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium: Playwright never downloads a browser here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // Every test has its own server and database (tests/e2e/fixtures.ts), so a long file's tests share the two
  // workers instead of keeping one busy after the other is done.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A test's own limit, twice what its steps take on the slowest machine seen. Stop 65's machine ran every e2e
  // test about 2x slower than stop 64's (docs/testing.md), and five tests on the old 30 s took 20 to 25 s there
  // (offline's outbox tests 24 and 25 s): a little more load and they would have failed on time alone.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    ...devices['Desktop Chrome'],
    // A failure keeps its trace: the network and the DOM at each step. Not the screencast: its frames cost a
    // third of the suite's time on 2 cores, and the failure's screenshot below shows the screen.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
