import type { LoaderFunctionArgs } from 'react-router';
import { parseBungalowParam } from '../../shared/bungalow';
import { fetchDrinks } from '../api';

/** Placeholder until the checkout issue lands: starts the drinks request without blocking the render. */
export function checkoutLoader({ request }: LoaderFunctionArgs) {
  const bungalow = parseBungalowParam(new URL(request.url).searchParams.get('bungalow'));
  return { bungalow, drinks: fetchDrinks() };
}
