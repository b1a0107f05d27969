import { sql } from 'kysely';
import { addDays, lastLocalDays, startOfLocalDay } from '../../shared/local-days';
import type { Consumption, ConsumptionDay, ConsumptionDrink } from '../../shared/staff-types';
import type { Db } from '../db/database';

export function createConsumptionRepo({ kysely }: Db) {
  return {
    /**
     * The period's days in the resort's zone, read from the quarter-hour running totals (voided checkouts
     * are already out of them): the same work whatever the history's size.
     */
    async period(days: 7 | 30, now: number, timeZone: string): Promise<Consumption> {
      const dayList = lastLocalDays(days, now, timeZone);
      const from = dayList[0] ?? '';
      const to = dayList[dayList.length - 1] ?? '';
      // Summed per day and drink by the database: a resort's month is up to 30 x 96 quarter hours x the drinks
      // taken (about 30,000 rows at a busy resort), and reading them all cost 50-80 ms a request. A local
      // day starts on a quarter hour in every zone, so its buckets are exactly [its start, the next start).
      const bucketOf = (day: string) => startOfLocalDay(day, timeZone).slice(0, 16);
      const perDay = dayList.map(
        (day) => sql`select cast(${day} as text) as day, drink_name, sum(units) as units, sum(thb) as thb
          from consumption_quarter
          where bucket >= ${bucketOf(day)} and bucket < ${bucketOf(addDays(day, 1))} and units > 0
          group by drink_name`,
      );
      const { rows } = await sql<{
        day: string;
        drink_name: string;
        units: number | string;
        thb: number | string;
      }>`${sql.join(perDay, sql` union all `)}`.execute(kysely);

      const daily = new Map<string, ConsumptionDay>(dayList.map((day) => [day, { day, units: 0, thb: 0 }]));
      const drinks = new Map<string, ConsumptionDrink>();
      const cells: { day: string; drinkName: string; units: number; thb: number }[] = [];
      for (const row of rows) {
        // PostgreSQL's sum of integers is a bigint, which node-postgres gives as text.
        const units = Number(row.units);
        const thb = Number(row.thb);
        const day = daily.get(row.day);
        if (!day) continue;
        day.units += units;
        day.thb += thb;
        const drink = drinks.get(row.drink_name) ?? { drinkName: row.drink_name, units: 0, thb: 0 };
        drink.units += units;
        drink.thb += thb;
        drinks.set(row.drink_name, drink);
        cells.push({ day: row.day, drinkName: row.drink_name, units, thb });
      }
      const dailyList = [...daily.values()];
      return {
        days,
        timeZone,
        from,
        to,
        daily: dailyList,
        drinks: [...drinks.values()].sort((a, b) => b.units - a.units || b.thb - a.thb),
        cells: cells.sort((a, b) =>
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
