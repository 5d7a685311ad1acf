/** The subject type the import and every order action record order activities under. */
export const ORDER_SUBJECT = 'order';
