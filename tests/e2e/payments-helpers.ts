import { expect, type Locator } from '@playwright/test';
import { parse } from 'promptparse';
import type { ResortSettingsInput } from '../../src/shared/resort-settings-schema';
import { decodeQrPng } from '../support/qr-decode';
import type { ServerProcess } from '../support/server-process';
import { ownerApi } from './owner-api';

/** Staff saving the resort settings from another device. */
export async function saveSettingsAsStaff(server: ServerProcess, input: ResortSettingsInput) {
  const api = await ownerApi(server);
  try {
    const response = await api.put('/api/settings', { data: input });
    expect(response.status(), await response.text()).toBe(200);
    return response.json();
  } finally {
    await api.dispose();
  }
}

/** What a phone's camera reads from the element as drawn on screen: a screenshot, decoded by jsQR. */
export async function readQr(element: Locator): Promise<string | null> {
  // Centred first: at the bottom of the screen the checkout's fixed total bar would cover part of it.
  await element.evaluate((node) => node.scrollIntoView({ block: 'center' }));
  return decodeQrPng(await element.screenshot());
}

/** The PromptPay fields of a payload: the ID (tag 29) and the amount (tag 54), CRC checked. */
export function promptPayFields(payload: string | null) {
  const qr = payload === null ? null : parse(payload, true, true);
  return {
    valid: qr !== null,
    mobile: qr?.getTagValue('29', '01'),
    nationalId: qr?.getTagValue('29', '02'),
    amount: qr?.getTagValue('54'),
    dynamic: qr?.getTagValue('01') === '12',
  };
}
