import { useLoaderData } from 'react-router';
import type { checkoutLoader } from './checkout-loader';

export function CheckoutPage() {
  const { bungalow } = useLoaderData<typeof checkoutLoader>();
  return <h2>Bungalow {bungalow}</h2>;
}
