import type { ExplainInput } from '../../../explain/explanation';
import { explainShopify } from '../shopify-explainer';
import { graphqlFailure, userErrorsFailure } from '../shopify-errors';

/** What Shopify answers with HTTP 200 and `errors`, as the explainer reads it from a record. */
const graphqlRecord = (code: string, message: string, extra: Record<string, unknown> = {}): ExplainInput => ({
  provider: 'shopify',
  httpStatus: 200,
  errorCode: null,
  message: 'Shopify answered 200',
  responseBody: JSON.stringify({ errors: [{ message, extensions: { code, ...extra } }] }),
  type: 'get_orders',
});

describe('Shopify GraphQL errors, as the connector raises them and the explainer tells them', () => {
  it('a missing scope is an auth error naming the scope, and the fix names it too', () => {
    const denied = {
      message: 'Access denied for orders field. Required access: `read_orders` access scope.',
      extensions: { code: 'ACCESS_DENIED', requiredAccess: '`read_orders` access scope.' },
    };
    const error = graphqlFailure([denied], 'the order list', 200);
    expect(error.kind).toBe('auth');
    expect(error.details.code).toBe('access_denied');
    expect(error.message).toContain('read_orders');
    const explained = explainShopify(graphqlRecord('ACCESS_DENIED', denied.message));
    expect(explained.action).toBe('reconnect');
    expect(explained.fix).toContain('read_orders');
  });

  it('a throttled answer says to wait, a query the version does not know is ours to fix', () => {
    expect(explainShopify(graphqlRecord('THROTTLED', 'Throttled')).action).toBe('wait');
    const unknownField = graphqlFailure(
      [
        {
          message: "Field 'shippingLine' doesn't exist on type 'Order'",
          extensions: { code: 'undefinedField' },
        },
      ],
      'the order list',
      200,
    );
    expect(unknownField).toMatchObject({ kind: 'validation', details: { code: 'graphql_error' } });
    expect(
      explainShopify({ ...graphqlRecord('undefinedField', 'x'), errorCode: 'graphql_error' }).action,
    ).toBe('report');
    expect(graphqlFailure([], 'the order list', 200).kind).toBe('malformed');
  });

  it('userErrors: a state refusal is invalid_state, anything else validation, with Shopify’s code', () => {
    expect(
      userErrorsFailure(
        [{ field: ['fulfillment'], message: 'Fulfillment order is not in an open state.' }],
        'x',
      ),
    ).toMatchObject({ kind: 'invalid_state', details: { code: 'user_error' } });
    expect(
      userErrorsFailure(
        [{ field: ['input', 'reason'], message: 'The specified reason is invalid.', code: 'INVALID_REASON' }],
        'x',
      ),
    ).toMatchObject({ kind: 'validation', details: { code: 'invalid_reason' } });
    expect(
      explainShopify({
        ...graphqlRecord('', ''),
        responseBody: null,
        errorCode: 'change_from_quantity_stale',
      }).action,
    ).toBe('wait');
  });
});
