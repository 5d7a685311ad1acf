// The computation is shared with the invoice form's live totals (contracts), so both agree to the penny.
export {
  exceedsMaxAmount,
  invoiceTotals,
  isNegative,
  isZero,
  lineAmounts,
  MAX_AMOUNT,
  sameAmount,
  trimDecimal,
  type InvoiceTotals,
  type LineAmounts,
  type LineAmountsInput,
} from '@syncdesk/contracts';
