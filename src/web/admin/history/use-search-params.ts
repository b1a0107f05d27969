import { useLocation } from 'react-router';

/**
 * useLocation and useNavigate rather than useSearchParams and <Form>: the router's code sits in /checkout's
 * initial chunk, and those two would be kept there for the admin's sake.
 */
export function useSearchParams() {
  return new URLSearchParams(useLocation().search);
}
