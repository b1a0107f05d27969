import { describe, expect, it } from 'vitest';
import { cloudbedsDocument } from '../../../tests/pms/cloudbeds-stand-in';
import { openApiCheck, parseForm } from '../../../tests/pms/openapi-check';
import { formOf } from './cloudbeds';

describe('Cloudbeds requests against the pinned document', () => {
  const post = (body: Record<string, unknown>) => ({
    method: 'POST',
    path: '/postCustomItem',
    query: {},
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-key': 'k' },
    body: formOf(body),
  });

  it('formOf writes arrays of objects as PHP-style fields, which read back as they were', () => {
    const value = {
      reservationID: 'R1',
      items: [{ itemName: 'Chang', itemQuantity: 2, itemTaxes: [{ taxName: 'VAT' }] }],
    };
    expect(formOf(value)).toBe(
      'reservationID=R1&items%5B0%5D%5BitemName%5D=Chang&items%5B0%5D%5BitemQuantity%5D=2&items%5B0%5D%5BitemTaxes%5D%5B0%5D%5BtaxName%5D=VAT',
    );
    expect(parseForm(formOf(value))).toEqual({
      reservationID: 'R1',
      items: [{ itemName: 'Chang', itemQuantity: '2', itemTaxes: [{ taxName: 'VAT' }] }],
    });
  });

  it('a field the document does not define fails; the fields it defines pass', async () => {
    const check = await openApiCheck(cloudbedsDocument);
    const good = {
      reservationID: 'R1',
      referenceID: 'FC-1',
      items: [{ itemName: 'Chang', itemQuantity: 2, itemPrice: 60 }],
    };
    expect(check.request(post(good)).problems).toEqual([]);
    expect(check.request(post({ ...good, folioNote: 'x' })).problems.join()).toContain(
      'additional properties',
    );
    const badItem = { ...good, items: [{ itemName: 'Chang', itemColour: 'green' }] };
    expect(check.request(post(badItem)).problems.join()).toContain('itemColour');
    expect(check.request(post({ ...good, saleDate: 'yesterday' })).problems.join()).toContain('date-time');
    const query = { method: 'GET', path: '/getReservations', headers: {}, body: '' };
    expect(check.request({ ...query, query: { status: 'checked_in', roomID: '1' } }).problems).toEqual([]);
    expect(check.request({ ...query, query: { status: 'in_house' } }).problems.join()).toContain(
      'allowed values',
    );
    expect(check.request({ ...query, query: { room: '1' } }).problems).toContain(
      'query parameter room is not in the document',
    );
  });
});
