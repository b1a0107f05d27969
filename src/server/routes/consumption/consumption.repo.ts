import { lastLocalDays, localDayOf, localDayRange } from '../../../shared/local-days';
import type { Consumption, ConsumptionDay, ConsumptionDrink } from '../../../shared/staff-types';
import type { Db } from '../../db/database';

/** The local day of a UTC quarter-hour bucket; the zone is asked once per bucket, not once per row. */
function bucketDays(timeZone: string) {
  const byHour = new Map<string, string>();
  return (bucket: string) => {
    // Every offset is a whole number of quarter hours, so the whole bucket lies in one local day.
    let day = byHour.get(bucket);
    if (day === undefined) {
      day = localDayOf(`${bucket}:00.000Z`, timeZone);
      byHour.set(bucket, day);
    }
    return day;
  };
}

export function createConsumptionRepo({ kysely }: Db) {
  return {
    /**
     * The period's days in the resort's zone, read from the quarter-hour running totals (voided checkouts
     * are already out of them): at most 30 days x 96 buckets x the drinks taken, whatever the history's size.
     */
    async period(days: 7 | 30, now: number, timeZone: string): Promise<Consumption> {
      const dayList = lastLocalDays(days, now, timeZone);
      const from = dayList[0] ?? '';
      const to = dayList[dayList.length - 1] ?? '';
      const { start, end } = localDayRange(from, to, timeZone);
      const rows = await kysely
        .selectFrom('consumption_quarter')
        .select(['bucket', 'drink_name', 'units', 'thb'])
        .where('bucket', '>=', start.slice(0, 16))
        .where('bucket', '<', end.slice(0, 16))
        .where('units', '>', 0)
        .orderBy('bucket')
        .orderBy('drink_name')
        .execute();

      const dayOf = bucketDays(timeZone);
      const daily = new Map<string, ConsumptionDay>(dayList.map((day) => [day, { day, units: 0, thb: 0 }]));
      const drinks = new Map<string, ConsumptionDrink>();
      const cells = new Map<string, { day: string; drinkName: string; units: number; thb: number }>();
      for (const row of rows) {
        const dayName = dayOf(row.bucket);
        const day = daily.get(dayName);
        if (!day) continue;
        day.units += row.units;
        day.thb += row.thb;
        const drink = drinks.get(row.drink_name) ?? { drinkName: row.drink_name, units: 0, thb: 0 };
        drink.units += row.units;
        drink.thb += row.thb;
        drinks.set(row.drink_name, drink);
        const key = `${dayName}\u0000${row.drink_name}`;
        const cell = cells.get(key) ?? { day: dayName, drinkName: row.drink_name, units: 0, thb: 0 };
        cell.units += row.units;
        cell.thb += row.thb;
        cells.set(key, cell);
      }
      const dailyList = [...daily.values()];
      return {
        days,
        timeZone,
        from,
        to,
        daily: dailyList,
        drinks: [...drinks.values()].sort((a, b) => b.units - a.units || b.thb - a.thb),
        cells: [...cells.values()].sort((a, b) =>
          a.day === b.day ? (a.drinkName < b.drinkName ? -1 : 1) : a.day < b.day ? -1 : 1,
        ),
        total: {
          units: dailyList.reduce((sum, day) => sum + day.units, 0),
          thb: dailyList.reduce((sum, day) => sum + day.thb, 0),
        },
      };
    },
  };
}
