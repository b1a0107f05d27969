import type { Consumption, ConsumptionDay, ConsumptionDrink } from '../../../shared/staff-types';
import type { Db } from '../../db/database';

/** The UTC days of the period ending today, oldest first. */
export function periodDays(days: number, now: number): string[] {
  const today = new Date(now);
  return Array.from({ length: days }, (_, index) => {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
    day.setUTCDate(day.getUTCDate() - (days - 1 - index));
    return day.toISOString().slice(0, 10);
  });
}

export function createConsumptionRepo({ kysely }: Db) {
  return {
    /** At most days x drinks rows of the daily running totals; voided checkouts are already out of them. */
    async period(days: 7 | 30, now: number): Promise<Consumption> {
      const dayList = periodDays(days, now);
      const from = dayList[0] ?? '';
      const to = dayList[dayList.length - 1] ?? '';
      const rows = await kysely
        .selectFrom('consumption_daily')
        .select(['day', 'drink_name', 'units', 'thb'])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .where('units', '>', 0)
        .orderBy('day')
        .orderBy('drink_name')
        .execute();

      const daily = new Map<string, ConsumptionDay>(dayList.map((day) => [day, { day, units: 0, thb: 0 }]));
      const drinks = new Map<string, ConsumptionDrink>();
      for (const row of rows) {
        const day = daily.get(row.day);
        if (day) {
          day.units += row.units;
          day.thb += row.thb;
        }
        const drink = drinks.get(row.drink_name) ?? { drinkName: row.drink_name, units: 0, thb: 0 };
        drink.units += row.units;
        drink.thb += row.thb;
        drinks.set(row.drink_name, drink);
      }
      const dailyList = [...daily.values()];
      return {
        days,
        from,
        to,
        daily: dailyList,
        drinks: [...drinks.values()].sort((a, b) => b.units - a.units || b.thb - a.thb),
        cells: rows.map((row) => ({
          day: row.day,
          drinkName: row.drink_name,
          units: row.units,
          thb: row.thb,
        })),
        total: {
          units: dailyList.reduce((sum, day) => sum + day.units, 0),
          thb: dailyList.reduce((sum, day) => sum + day.thb, 0),
        },
      };
    },
  };
}
