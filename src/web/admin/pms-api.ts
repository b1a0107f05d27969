import type { PmsConnectionInput } from '../../shared/pms-schemas';
import type {
  PmsConnection,
  PmsMappingProposal,
  PmsMappings,
  PmsPosting,
  PmsPostingState,
  PmsTestAnswer,
} from '../../shared/pms-types';
import { requestWithHeaders } from '../api';

/** The PMS's fetch functions (DESIGN.md, "The charge reaches the guest's bill"): docs/http-api.md. */
const json = async <T>(path: string, init?: { method?: string; body?: unknown }) =>
  (await requestWithHeaders<T>(path, init)).body;

export const fetchPms = () =>
  json<{ connection: PmsConnection | null; secretsEncrypted: boolean }>('/api/pms');
export const savePms = (input: PmsConnectionInput) =>
  json<{ connection: PmsConnection }>('/api/pms', { method: 'PUT', body: input });
export const testPms = () => json<PmsTestAnswer>('/api/pms/test', { method: 'POST', body: {} });
export const fetchPmsMappings = () => json<PmsMappings>('/api/pms/mappings');
export const proposePmsMappings = () =>
  json<PmsMappingProposal>('/api/pms/mappings/propose', { method: 'POST', body: {} });
export const savePmsMappings = (input: PmsMappings) =>
  json<PmsMappings>('/api/pms/mappings', { method: 'PUT', body: input });
export const fetchPmsPostings = (state: PmsPostingState) =>
  json<{ postings: PmsPosting[] }>(`/api/pms/postings?state=${state}`);
export const postPmsAgain = (checkoutId: number) =>
  json<{ checkoutId: number }>(`/api/pms/postings/${checkoutId}/post-again`, { method: 'POST', body: {} });
export const settlePmsOutside = (checkoutId: number, note: string) =>
  json<PmsPosting>(`/api/pms/postings/${checkoutId}/settle`, { method: 'POST', body: { note } });
