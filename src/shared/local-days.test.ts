import { describe, expect, it } from 'vitest';
import {
  addDays,
  lastLocalDays,
  localDayOf,
  localDayRange,
  quarterHourOf,
  startOfLocalDay,
  zoneOffsetMinutes,
} from './local-days';

describe('local days', () => {
  it('the day an instant falls on depends on the zone', () => {
    const instant = '2026-05-20T11:00:00.000Z';
    expect(localDayOf(instant, 'UTC')).toBe('2026-05-20');
    expect(localDayOf(instant, 'Pacific/Kiritimati')).toBe('2026-05-21');
    expect(localDayOf(instant, 'Etc/GMT+12')).toBe('2026-05-19');
    expect(localDayOf('2026-05-20T17:00:00.000Z', 'Asia/Bangkok')).toBe('2026-05-21');
  });

  it('a day starts at the zone midnight, also on the days clocks change', () => {
    expect(startOfLocalDay('2026-05-21', 'Asia/Bangkok')).toBe('2026-05-20T17:00:00.000Z');
    expect(startOfLocalDay('2026-05-21', 'Pacific/Kiritimati')).toBe('2026-05-20T10:00:00.000Z');
    expect(startOfLocalDay('2026-05-19', 'Etc/GMT+12')).toBe('2026-05-19T12:00:00.000Z');
    expect(startOfLocalDay('2026-05-19', 'Asia/Kolkata')).toBe('2026-05-18T18:30:00.000Z');
    // Berlin moves from +1 to +2 at 02:00 on 2026-03-29 and back on 2026-10-25.
    expect(startOfLocalDay('2026-03-29', 'Europe/Berlin')).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfLocalDay('2026-03-30', 'Europe/Berlin')).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfLocalDay('2026-10-26', 'Europe/Berlin')).toBe('2026-10-25T23:00:00.000Z');
    expect(localDayRange('2026-03-29', '2026-03-29', 'Europe/Berlin')).toEqual({
      start: '2026-03-28T23:00:00.000Z',
      end: '2026-03-29T22:00:00.000Z',
    });
  });

  it('offsets are whole quarter hours, so quarter-hour buckets never straddle a local day', () => {
    expect(zoneOffsetMinutes(Date.parse('2026-05-20T00:00:00Z'), 'Asia/Kathmandu')).toBe(345);
    expect(zoneOffsetMinutes(Date.parse('2026-05-20T00:00:00Z'), 'Pacific/Chatham')).toBe(765);
    expect(quarterHourOf('2026-05-20T23:59:59.999Z')).toBe('2026-05-20T23:45');
    expect(quarterHourOf('2026-05-20T10:15:00.000Z')).toBe('2026-05-20T10:15');
    expect(quarterHourOf('2026-05-20T10:14:59.999Z')).toBe('2026-05-20T10:00');
  });

  it('counts days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(lastLocalDays(3, Date.parse('2026-01-01T05:00:00Z'), 'Asia/Bangkok')).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
    ]);
  });
});
