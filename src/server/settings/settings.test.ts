import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/test-app';

describeEachDatabase('settings API', ({ fresh }) => {
  it('GET /api/settings answers the defaults, and only the public part without a session', async () => {
    const t = await fresh();
    const anonymous = await t.request('GET', '/api/settings');
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual({
      resortName: '',
      timeZone: 'Asia/Bangkok',
      promptPayId: null,
      promptPayName: null,
      tax: null,
    });

    const cookie = await t.login();
    const admin = await (await t.request('GET', '/api/settings', { cookie })).json();
    expect(admin).toMatchObject({ bungalows: '1-24', publicUrl: null, timeZone: 'Asia/Bangkok' });
    expect(admin.bungalowNumbers).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
  });

  it('PUT /api/settings needs an admin session', async () => {
    const t = await fresh();
    const response = await t.request('PUT', '/api/settings', { body: { resortName: 'Koh Lanta Huts' } });
    expect(response.status).toBe(401);
    expect((await (await t.request('GET', '/api/settings')).json()).resortName).toBe('');
  });

  it('PUT /api/settings changes only the fields sent and normalises them', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const first = await t.request('PUT', '/api/settings', {
      cookie,
      body: {
        resortName: '  Koh Lanta Huts ',
        timeZone: 'Asia/Ho_Chi_Minh',
        bungalows: '1 - 12, 30 31;40-41',
      },
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      resortName: 'Koh Lanta Huts',
      timeZone: 'Asia/Ho_Chi_Minh',
      bungalows: '1-12, 30, 31, 40-41',
      bungalowNumbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 30, 31, 40, 41],
    });

    const second = await t.request('PUT', '/api/settings', {
      cookie,
      body: {
        promptPayId: '+66 81-234-5678',
        promptPayName: 'Koh Lanta Huts Co.',
        publicUrl: 'https://fridge.example.com/',
      },
    });
    expect(await second.json()).toMatchObject({
      resortName: 'Koh Lanta Huts',
      timeZone: 'Asia/Ho_Chi_Minh',
      promptPayId: '0812345678',
      promptPayName: 'Koh Lanta Huts Co.',
      publicUrl: 'https://fridge.example.com',
    });
    expect(await (await t.request('GET', '/api/settings')).json()).toEqual({
      resortName: 'Koh Lanta Huts',
      timeZone: 'Asia/Ho_Chi_Minh',
      promptPayId: '0812345678',
      promptPayName: 'Koh Lanta Huts Co.',
      tax: null,
    });

    const cleared = await t.request('PUT', '/api/settings', {
      cookie,
      body: { promptPayId: '', promptPayName: null },
    });
    expect(await cleared.json()).toMatchObject({ promptPayId: null, promptPayName: null });
  });

  it.each([
    [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone', 'not a known time zone'],
    [{ timeZone: '+07:00' }, 'timeZone', 'not a known time zone'],
    [{ bungalows: '' }, 'bungalows', 'at least one bungalow'],
    [{ bungalows: ' , ' }, 'bungalows', 'at least one bungalow'],
    [{ bungalows: '1-24, 20-30' }, 'bungalows', 'listed twice'],
    [{ bungalows: '5, 5' }, 'bungalows', 'listed twice'],
    [{ bungalows: '24-1' }, 'bungalows', 'ends before it starts'],
    [{ bungalows: '0-3' }, 'bungalows', 'from 1 to 9999'],
    [{ bungalows: 'A1' }, 'bungalows', 'not a bungalow number'],
    [{ bungalows: '1-9999' }, 'bungalows', 'At most 2000'],
    [{ resortName: 'x'.repeat(81) }, 'resortName', 'at most 80'],
    [{ resortName: 'Huts\u0000' }, 'resortName', 'NUL'],
    [{ promptPayName: 'x'.repeat(61) }, 'promptPayName', 'at most 60'],
    [{ promptPayId: '0212345678' }, 'promptPayId', 'starts with 06, 08 or 09'],
    [{ promptPayId: '1234567890123' }, 'promptPayId', 'check digit'],
    [{ promptPayId: '12345' }, 'promptPayId', '10-digit mobile'],
    [{ promptPayId: 'abc' }, 'promptPayId', 'digits only'],
    [{ publicUrl: 'fridge.example.com' }, 'publicUrl', 'Enter the address'],
    [{ publicUrl: 'ftp://fridge.example.com' }, 'publicUrl', 'https://'],
    [{ colour: 'teal' }, '', 'colour'],
    [{}, '', 'at least one setting'],
  ])('PUT /api/settings refuses %j with 422 and changes nothing', async (body, path, message) => {
    const t = await fresh();
    const cookie = await t.login();
    await t.request('PUT', '/api/settings', { cookie, body: { resortName: 'Before' } });
    // The valid change sent beside the bad field must not be applied either.
    const sent = Object.keys(body).length > 0 ? { resortName: 'After', ...body } : body;
    const response = await t.request('PUT', '/api/settings', { cookie, body: sent });
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.code).toBe('validation_failed');
    const issue = error.issues.find((i: { path: string }) => i.path === path) ?? error.issues[0];
    expect(`${issue.message} ${error.message}`).toContain(message);
    const after = await (await t.request('GET', '/api/settings', { cookie })).json();
    expect(after).toMatchObject({ resortName: 'Before', timeZone: 'Asia/Bangkok', bungalows: '1-24' });
  });

  it('a time zone typed in lower case is stored by its proper name', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const response = await t.request('PUT', '/api/settings', {
      cookie,
      body: { timeZone: ' pacific/kiritimati ' },
    });
    expect((await response.json()).timeZone).toBe('Pacific/Kiritimati');
  });

  it('a valid 13-digit tax ID and a 15-digit e-wallet ID are accepted', async () => {
    const t = await fresh();
    const cookie = await t.login();
    // The last digit is the mod-11 check digit of the first twelve.
    const taxId = '0105551234567';
    const tax = await t.request('PUT', '/api/settings', { cookie, body: { promptPayId: taxId } });
    expect(tax.status, await tax.clone().text()).toBe(200);
    const wallet = await t.request('PUT', '/api/settings', {
      cookie,
      body: { promptPayId: '004999000288505' },
    });
    expect((await wallet.json()).promptPayId).toBe('004999000288505');
  });

  it('two admins saving different fields at once both keep their change', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const [a, b] = await Promise.all([
      t.request('PUT', '/api/settings', { cookie, body: { resortName: 'Sunset Huts' } }),
      t.request('PUT', '/api/settings', { cookie, body: { timeZone: 'Europe/Berlin' } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const after = await (await t.request('GET', '/api/settings', { cookie })).json();
    expect(after).toMatchObject({ resortName: 'Sunset Huts', timeZone: 'Europe/Berlin' });
  });

  it('a stored value edited into something invalid falls back to the defaults for that field', async () => {
    const t = await fresh();
    await t.db.kysely
      .insertInto('settings')
      .values({ key: 'resort', value: JSON.stringify({ resortName: 'Kept', timeZone: 'Nowhere/Else' }) })
      .execute();
    expect(await (await t.request('GET', '/api/settings')).json()).toMatchObject({
      resortName: 'Kept',
      timeZone: 'Asia/Bangkok',
    });
  });
});

describeEachDatabase('settings API round trips', ({ fresh }) => {
  it('PUT /api/settings takes back what GET answered: 200, nothing changed', async () => {
    const t = await fresh();
    const cookie = await t.login();
    await t.request('PUT', '/api/settings', {
      cookie,
      body: { resortName: 'Koh Lanta Huts', bungalows: '1-6, 9' },
    });
    const read = await (await t.request('GET', '/api/settings', { cookie })).json();
    expect(read.bungalowNumbers).toEqual([1, 2, 3, 4, 5, 6, 9]);

    const response = await t.request('PUT', '/api/settings', { cookie, body: read });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual(read);
    expect(await (await t.request('GET', '/api/settings', { cookie })).json()).toEqual(read);
  });

  it('PUT /api/settings with one field of the read changed changes only that field', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const read = await (await t.request('GET', '/api/settings', { cookie })).json();
    const response = await t.request('PUT', '/api/settings', {
      cookie,
      body: { ...read, timeZone: 'Asia/Tokyo' },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await (await t.request('GET', '/api/settings', { cookie })).json()).toEqual({
      ...read,
      timeZone: 'Asia/Tokyo',
    });

    // The bungalows changed with the numbers of the read (the client does not derive them) or the new ones.
    const reread = await (await t.request('GET', '/api/settings', { cookie })).json();
    const fewer = await t.request('PUT', '/api/settings', { cookie, body: { ...reread, bungalows: '1-3' } });
    expect(fewer.status, await fewer.clone().text()).toBe(200);
    expect(await fewer.json()).toMatchObject({ bungalows: '1-3', bungalowNumbers: [1, 2, 3] });
    const more = await t.request('PUT', '/api/settings', {
      cookie,
      body: { bungalows: '1-4', bungalowNumbers: [1, 2, 3, 4] },
    });
    expect(more.status, await more.clone().text()).toBe(200);
    expect(await more.json()).toMatchObject({ timeZone: 'Asia/Tokyo', bungalowNumbers: [1, 2, 3, 4] });
  });

  it('PUT /api/settings refuses an unknown field and a derived field with a wrong value with 422', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const read = await (await t.request('GET', '/api/settings', { cookie })).json();

    const unknown = await t.request('PUT', '/api/settings', { cookie, body: { ...read, currency: 'EUR' } });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).error.message).toMatch(/currency/);

    const wrong = await t.request('PUT', '/api/settings', {
      cookie,
      body: { ...read, resortName: 'Changed', bungalowNumbers: [1, 2, 99] },
    });
    expect(wrong.status).toBe(422);
    const { error } = await wrong.json();
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe(
      'bungalowNumbers is derived by the server from bungalows: send it as the server gave it, or leave it out',
    );
    expect(error.issues).toEqual([{ path: 'bungalowNumbers', message: error.message }]);
    expect(await (await t.request('GET', '/api/settings', { cookie })).json()).toEqual(read);
  });
});
