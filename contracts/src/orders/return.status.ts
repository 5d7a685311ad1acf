import { defineVocabulary } from '../vocabulary';

/** How a return request is handled. */
export const RETURN_HANDLING = defineVocabulary('returnHandling', [
  { value: 0, key: 'pending', label: 'Pending', tone: 'default' },
  { value: 1, key: 'accept', label: 'Accept', tone: 'success' },
  { value: 2, key: 'reject', label: 'Reject', tone: 'error' },
]);

/**
 * Reasons a seller gives when deciding on a return or rejecting a requested item: the spec's
 * return-reason decisions (its words are the labels), valued as Amazon's rejectionReason codes the
 * confirmation orders store and send.
 */
export const RETURN_REASON_DECISION = defineVocabulary('returnReasonDecision', [
  {
    value: 'TemporarilyUnavailable',
    key: 'temporarily_unavailable',
    label: 'Temporarily Unavailable',
    tone: 'warning',
  },
  {
    value: 'InvalidProductIdentifier',
    key: 'invalid_product_identifier',
    label: 'Invalid Product Identifier',
    tone: 'error',
  },
  { value: 'ObsoleteProduct', key: 'obsolete_product', label: 'Obsolete Product', tone: 'default' },
]);
