import type { Round } from '../../../shared/round-types';
import { requestWithHeaders } from '../../api';

/** GET /api/round (docs/http-api.md): the day's departures, stays and arrivals, each fridge's state. */
export const fetchRound = async (day?: string) =>
  (await requestWithHeaders<Round>(day ? `/api/round?day=${encodeURIComponent(day)}` : '/api/round')).body;
