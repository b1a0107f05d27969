import { expect, it } from 'vitest';
import { createWallClock } from './clock';

const hour = 60 * 60 * 1000;

it('the wall clock never goes back: a step back runs on at the monotonic pace, a step forward is taken', () => {
  let system = 1_000_000;
  let monotonic = 0;
  const now = createWallClock(
    0,
    () => system,
    () => monotonic,
  );
  expect(now()).toBe(1_000_000);
  system += 500;
  monotonic += 500;
  expect(now()).toBe(1_000_500);
  // Stepped back an hour: the clock runs on from where it was.
  system -= hour;
  expect(now()).toBe(1_000_500);
  system += 250;
  monotonic += 250;
  expect(now()).toBe(1_000_750);
  // Stepped forward again (10 ms later): the system's clock is right again, and taken.
  system += hour + 10;
  monotonic += 10;
  expect(now()).toBe(1_000_760);
  // Ahead of the monotonic pace: taken at once.
  system += hour;
  monotonic += 100;
  expect(now()).toBe(system);
});

it('a server started while the clock is behind the database starts from what the database holds', () => {
  const now = createWallClock(
    5_000,
    () => 1_000,
    () => 0,
  );
  expect(now()).toBe(5_000);
});
