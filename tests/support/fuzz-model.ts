import fc from 'fast-check';
import { expect } from 'vitest';
import type { Drink, Guest } from '../../src/shared/api-types';
import type { TestApp } from './test-app';

/** What the catalogue and the guest must be after any sequence of admin operations. */
interface Model {
  drinks: Drink[];
  guest: Required<Guest> | null;
}

interface Real {
  t: TestApp;
  cookie: string;
}

const drinkName = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }),
  fc.constantFrom('  Singha  ', 'Coke', '<b>Leo</b>', "O'Neil's", '\u202Eabc', '🍺 Beer', 'ก'.repeat(60)),
);
const drinkInput = fc.record({
  drinkName,
  startingQuantity: fc.integer({ min: 1, max: 999 }),
  price: fc.integer({ min: 1, max: 100_000 }),
});
const invalidDrinkInput = fc.oneof(
  drinkInput.map((d) => ({ ...d, drinkName: '   ' })),
  drinkInput.map((d) => ({ ...d, drinkName: 'x'.repeat(61) })),
  drinkInput.map((d) => ({ ...d, price: 0 })),
  drinkInput.map((d) => ({ ...d, startingQuantity: 1.5 })),
  drinkInput.map((d) => ({ ...d, id: 1 })),
);
const guestInput = fc.record({
  name: fc.string({ minLength: 1, maxLength: 100 }).filter((n) => n.trim().length > 0),
  // fast-check's RFC addresses include forms ("/a@a.aa") the shared schema rightly refuses.
  email: fc
    .tuple(fc.stringMatching(/^[a-z0-9._-]{1,20}$/), fc.stringMatching(/^[a-z]{1,10}$/))
    .filter(([local]) => /^[a-z0-9]/.test(local) && !local.includes('..') && /[a-z0-9]$/.test(local))
    .map(([local, domain]) => `${local}@${domain}.example`),
});

/** Mirrors the schema's trim, so model and server agree on what a stored name looks like. */
const stored = <T extends { drinkName: string }>(input: T) => ({
  ...input,
  drinkName: input.drinkName.trim(),
});

async function check(model: Model, real: Real) {
  const drinks = await (await real.t.request('GET', '/api/drinks')).json();
  expect(drinks).toEqual(model.drinks);
  const guest = await (await real.t.request('GET', '/api/guest', { cookie: real.cookie })).json();
  expect(guest).toEqual(model.guest);
  const publicGuest = await (await real.t.request('GET', '/api/guest')).json();
  expect(publicGuest).toEqual(model.guest && { id: model.guest.id, name: model.guest.name });
}

class AddDrink implements fc.AsyncCommand<Model, Real> {
  constructor(readonly input: { drinkName: string; startingQuantity: number; price: number }) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const response = await real.t.request('POST', '/api/drinks', { cookie: real.cookie, body: this.input });
    const valid = this.input.drinkName.trim().length > 0;
    expect(response.status).toBe(valid ? 201 : 422);
    if (valid) model.drinks.push(await response.json());
    expect(model.drinks.at(-1)).toMatchObject(valid ? stored(this.input) : {});
    await check(model, real);
  }
  toString = () => `add ${JSON.stringify(this.input)}`;
}

class UpdateDrink implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly input: { drinkName: string; startingQuantity: number; price: number },
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const target = model.drinks[this.pick % Math.max(1, model.drinks.length)];
    const id = target?.id ?? 999_999;
    const response = await real.t.request('PUT', `/api/drinks/${id}`, {
      cookie: real.cookie,
      body: this.input,
    });
    const valid = this.input.drinkName.trim().length > 0;
    if (!valid) expect(response.status).toBe(422);
    else if (!target) expect(response.status).toBe(404);
    else {
      expect(response.status).toBe(200);
      Object.assign(target, stored(this.input));
    }
    await check(model, real);
  }
  toString = () => `update #${this.pick} ${JSON.stringify(this.input)}`;
}

class DeleteDrink implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const index = this.pick % Math.max(1, model.drinks.length);
    const target = model.drinks[index];
    const response = await real.t.request('DELETE', `/api/drinks/${target?.id ?? 999_999}`, {
      cookie: real.cookie,
    });
    expect(response.status).toBe(target ? 204 : 404);
    if (target) model.drinks.splice(index, 1);
    await check(model, real);
  }
  toString = () => `delete #${this.pick}`;
}

class RejectedDrink implements fc.AsyncCommand<Model, Real> {
  constructor(readonly input: Record<string, unknown>) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const response = await real.t.request('POST', '/api/drinks', { cookie: real.cookie, body: this.input });
    expect(response.status).toBe(422);
    await check(model, real);
  }
  toString = () => `rejected ${JSON.stringify(this.input).slice(0, 80)}`;
}

class SetGuest implements fc.AsyncCommand<Model, Real> {
  constructor(readonly input: { name: string; email: string }) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const response = await real.t.request('PUT', '/api/guest', { cookie: real.cookie, body: this.input });
    expect(response.status).toBe(200);
    const saved = await response.json();
    if (model.guest) expect(saved.id).toBe(model.guest.id);
    model.guest = { id: saved.id, name: this.input.name.trim(), email: this.input.email.trim() };
    await check(model, real);
  }
  toString = () => `guest ${JSON.stringify(this.input)}`;
}

class UnauthorizedWrite implements fc.AsyncCommand<Model, Real> {
  constructor(readonly input: { drinkName: string; startingQuantity: number; price: number }) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const response = await real.t.request('POST', '/api/drinks', { body: this.input });
    expect(response.status).toBe(401);
    await check(model, real);
  }
  toString = () => 'write without a session';
}

const commands = [
  drinkInput.map((input) => new AddDrink(input)),
  fc.tuple(fc.nat(), drinkInput).map(([pick, input]) => new UpdateDrink(pick, input)),
  fc.nat().map((pick) => new DeleteDrink(pick)),
  invalidDrinkInput.map((input) => new RejectedDrink(input)),
  guestInput.map((input) => new SetGuest(input)),
  drinkInput.map((input) => new UnauthorizedWrite(input)),
];

/** fast-check's model-based run: every step compares the API's catalogue and guest with the model. */
export async function runCatalogueModel(t: TestApp, cookie: string, numRuns: number) {
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
      // Each run starts from whatever the previous left: the model is read from the API first.
      const drinks = await (await t.request('GET', '/api/drinks')).json();
      const guest = await (await t.request('GET', '/api/guest', { cookie })).json();
      const model: Model = { drinks, guest };
      await fc.asyncModelRun(() => ({ model, real: { t, cookie } }), cmds);
    }),
    { numRuns },
  );
}
