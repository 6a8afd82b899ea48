import type { AddressLimit } from '../rate-limits';

/** Applications allowed from one address per window (docs/product.md section 10: at least 20 an hour). */
export const APPLICATION_LIMIT: AddressLimit = {
  name: 'applications',
  limit: 20,
  windowMs: 60 * 60 * 1000,
  message: 'Too many rental applications from this address. Please try again later.',
};
