import type { Checkout, CheckoutLine } from '../../../shared/api-types';
import { toastTexts } from '../../../shared/constants';
import { grandTotal, lineTotal } from '../../../shared/money';
import type { CheckoutInput } from '../../../shared/schemas';
import type { Db } from '../../db/database';
import { HttpError, validationFailed } from '../../http/errors';
import { countCheckout } from './running-totals';

export function createCheckoutsRepo({ kysely }: Db) {
  return {
    /**
     * One transaction: the guest, the prices and the stored checkout are read and written together, so a
     * checkout is never half-written and always carries the prices of the moment it was made.
     */
    record(input: CheckoutInput, createdAt: string): Promise<Checkout> {
      return kysely.transaction().execute(async (trx) => {
        const guest = await trx.selectFrom('Guest').select('name').orderBy('id').limit(1).executeTakeFirst();
        if (!guest) throw new HttpError(409, 'conflict', toastTexts.guestNotFound);

        const wanted = input.items.filter((item) => item.missing > 0);
        if (wanted.length === 0) throw validationFailed(toastTexts.noItemsSelected);

        const drinks = await trx
          .selectFrom('Drinks')
          .select(['id', 'drinkName', 'startingQuantity', 'price'])
          .where(
            'id',
            'in',
            wanted.map((item) => item.drinkId),
          )
          .execute();
        const byId = new Map(drinks.map((drink) => [drink.id, drink]));

        const issues = wanted.flatMap((item) => {
          const index = input.items.indexOf(item);
          const drink = byId.get(item.drinkId);
          if (!drink) return [{ path: `items.${index}.drinkId`, message: `No drink has id ${item.drinkId}` }];
          if (item.missing > drink.startingQuantity) {
            return [
              {
                path: `items.${index}.missing`,
                message: `At most ${drink.startingQuantity} ${drink.drinkName} can be missing`,
              },
            ];
          }
          return [];
        });
        if (issues.length > 0) throw validationFailed(issues[0]?.message ?? 'Invalid items', issues);

        const lines: CheckoutLine[] = wanted.map((item) => {
          const drink = byId.get(item.drinkId);
          if (!drink) throw new Error('unreachable: drink checked above');
          return {
            drinkId: drink.id,
            drinkName: drink.drinkName,
            quantity: item.missing,
            unitPrice: drink.price,
            lineTotal: lineTotal(item.missing, drink.price),
          };
        });
        const total = grandTotal(lines.map((line) => ({ missing: line.quantity, price: line.unitPrice })));

        const { id } = await trx
          .insertInto('checkouts')
          .values({ bungalow: input.bungalow, created_at: createdAt, guest_name: guest.name, total })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('checkout_lines')
          .values(
            lines.map((line) => ({
              checkout_id: id,
              drink_id: line.drinkId,
              drink_name: line.drinkName,
              quantity: line.quantity,
              unit_price: line.unitPrice,
              line_total: line.lineTotal,
            })),
          )
          .execute();
        await countCheckout(trx, { bungalow: input.bungalow, createdAt, lines });

        return { id, bungalow: input.bungalow, createdAt, guestName: guest.name, total, lines };
      });
    },
  };
}
