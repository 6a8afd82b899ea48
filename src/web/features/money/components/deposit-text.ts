import { DEPOSIT_KIND_LABELS, type DepositTransaction } from '../../../../shared/schemas/deposits';

/**
 * Wording the settlement has always stored beside a movement whose kind already says it
 * ('Returned to tenant: Returned to tenant').
 */
const SAID_BY_THE_KIND = new Set(['returned to tenant', 'open charges at move-out']);

/** A deposit movement in words: its kind, and its description when that adds something. */
export function depositMovementText(movement: Pick<DepositTransaction, 'kind' | 'description'>) {
  const label = DEPOSIT_KIND_LABELS[movement.kind];
  const description = movement.description?.trim();
  if (
    !description ||
    description.toLowerCase() === label.toLowerCase() ||
    SAID_BY_THE_KIND.has(description.toLowerCase())
  ) {
    return label;
  }
  return `${label}: ${description}`;
}
