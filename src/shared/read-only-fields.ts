/**
 * The fields an answer carries that a write does not set: ids, places and values the server keeps or derives.
 * DESIGN.md: what a GET returns, the matching PUT takes back unchanged (a client reads a row, changes one
 * field and writes the whole object). Each field names what it is, for the 422 when a client sends it changed.
 * The server's `readJsonBack` (src/server/http/validate.ts) splits them off a body before its schema sees it.
 */
export type ReadOnlyFields<K extends string = string> = Readonly<Record<K, string>>;

/** A row of `GET /api/drinks`, sent back to `PUT /api/drinks/:id`. */
export const drinkReadOnlyFields = {
  id: "the drink's id, which the address names",
  sectionOrder: "the drink's place in its section, set by PUT /api/drinks/order",
} as const satisfies ReadOnlyFields;

/** `GET /api/guest`, sent back to `PUT /api/guest`. */
export const guestReadOnlyFields = {
  id: "the guest record's id, set by the server",
} as const satisfies ReadOnlyFields;

/** A bungalow's open stay (`GET /api/bungalows` rows, `GET /api/bungalows/:n/stays`), sent back to `PUT /api/bungalows/:n/stay`. */
export const stayReadOnlyFields = {
  id: "the open stay's id, set by the server",
  bungalow: 'the bungalow, which the address names',
  checkedInAt: 'when the guest checked in, set by the server',
  checkedOutAt: 'null while the stay is open; DELETE /api/bungalows/:n/stay ends a stay',
  source: 'where the stay comes from (the app, or the PMS it was imported from), set by the server',
  pmsReservationId: 'the PMS reservation an imported stay came from, set by the server',
} as const satisfies ReadOnlyFields;

/** The admin's `GET /api/settings`, sent back to `PUT /api/settings`. */
export const resortSettingsDerivedFields = {
  bungalowNumbers: 'derived by the server from bungalows',
} as const satisfies ReadOnlyFields;
