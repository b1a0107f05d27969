import { z } from 'zod';
import { bungalowSchema } from './schemas';

/** POST /api/check-requests: the desk asks for a fridge check of one bungalow. */
export const checkRequestInputSchema = z.strictObject({ bungalow: bungalowSchema });
export type CheckRequestInput = z.infer<typeof checkRequestInputSchema>;
