/** Identifiers, dates and amounts read on one line; a wide table scrolls sideways instead. */
export const NO_WRAP = { whiteSpace: 'nowrap' } as const;
