import {
  execute,
  getOperationAST,
  type GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
} from 'graphql';
import type { SimulatorAnswer } from '../admin-routes';
import { MAX_QUERY_COST, queryCost, type CostBucket } from './cost';
import { rootValue, type AdminContext } from './resolvers';
import { adminSchema } from './schema';

const checkedDocuments = new Map<string, { document: DocumentNode; errors: readonly GraphQLError[] }>();

const RATE_LIMIT_DOCS = 'https://shopify.dev/api/usage/rate-limits';

interface GraphqlBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

function maxCostMessage(cost: number): string {
  return (
    `Query cost is ${cost}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).\n\n` +
    'See https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\n' +
    'cost of a query is calculated.\n\n' +
    'To query larger amounts of data with fewer limits, bulk operations should be used instead.\n' +
    'See https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n'
  );
}

/**
 * `POST /admin/api/{version}/graphql.json`, the token already checked: parse, validate against the
 * schema, price the query, let the points bucket decide, run it, and answer with what it cost. Every
 * answer is HTTP 200 except a body that is not a GraphQL request (400), as at Shopify.
 */
export async function answerGraphql(
  body: unknown,
  context: AdminContext,
  bucket: CostBucket,
): Promise<SimulatorAnswer> {
  const schema = adminSchema();
  const request = (body ?? {}) as GraphqlBody;
  const cost = (requested: number, actual: number | null) => ({
    cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: bucket.status() },
  });
  if (typeof request.query !== 'string' || !request.query.trim()) {
    return { status: 400, body: { errors: { query: 'Required parameter missing or invalid' } } };
  }
  const variables =
    request.variables && typeof request.variables === 'object'
      ? (request.variables as Record<string, unknown>)
      : {};
  const operationName = typeof request.operationName === 'string' ? request.operationName : null;

  let document: DocumentNode;
  let validationErrors: readonly GraphQLError[];
  const known = checkedDocuments.get(request.query);
  if (known) {
    ({ document, errors: validationErrors } = known);
  } else {
    try {
      document = parse(request.query);
    } catch (error) {
      const syntax = error as GraphQLError;
      return { status: 200, body: { errors: [syntax.toJSON()], extensions: cost(0, 0) } };
    }
    validationErrors = validate(schema, document);
    // A connector sends the same few documents again and again: check each once.
    if (checkedDocuments.size >= 200) checkedDocuments.clear();
    checkedDocuments.set(request.query, { document, errors: validationErrors });
  }
  if (validationErrors.length) {
    return {
      status: 200,
      body: { errors: validationErrors.map((error) => error.toJSON()), extensions: cost(0, 0) },
    };
  }
  const operation = getOperationAST(document, operationName);
  if (!operation) {
    return {
      status: 200,
      body: {
        errors: [
          {
            message: operationName
              ? `Unknown operation named "${operationName}".`
              : 'An operation name is required',
          },
        ],
        extensions: cost(0, 0),
      },
    };
  }
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  const requested = queryCost(schema, operation, fragments, variables);
  if (requested > MAX_QUERY_COST) {
    return {
      status: 200,
      body: {
        errors: [
          {
            message: maxCostMessage(requested),
            extensions: {
              code: 'MAX_COST_EXCEEDED',
              cost: requested,
              maxCost: MAX_QUERY_COST,
              documentation: RATE_LIMIT_DOCS,
            },
          },
        ],
        extensions: cost(requested, null),
      },
    };
  }
  if (!bucket.canAfford(requested)) {
    return {
      status: 200,
      body: {
        errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: RATE_LIMIT_DOCS } }],
        extensions: cost(requested, null),
      },
    };
  }
  const result = await execute({
    schema,
    document,
    rootValue: rootValue(),
    contextValue: context,
    variableValues: variables,
    operationName,
  });
  const actual = result.data ? queryCost(schema, operation, fragments, variables, result.data) : 0;
  bucket.take(operation.operation === 'mutation' ? requested : actual);
  return {
    status: 200,
    body: {
      ...(result.errors?.length ? { errors: result.errors.map((error) => error.toJSON()) } : {}),
      data: result.data ?? null,
      extensions: cost(requested, operation.operation === 'mutation' ? requested : actual),
    },
  };
}
