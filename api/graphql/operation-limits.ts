import {
  getNamedType,
  getNullableType,
  getOperationAST,
  GraphQLError,
  isCompositeType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  valueFromASTUntyped,
  type ExecutionArgs,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLInputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { BULK_IDS_MESSAGE, MAX_BULK_IDS, MAX_SPLIT_LINES, SPLIT_LINES_MESSAGE } from '../../shared/inputs/transactions.ts';
import { DAYS_MESSAGE } from '../../shared/inputs/schedules.ts';
import { MAX_SAVED_CATEGORIES, SAVED_CATEGORIES_MESSAGE } from '../../shared/inputs/budget.ts';
import { IMPORT_ROWS_MESSAGE, MAX_IMPORT_ROWS } from '../../shared/inputs/imports.ts';
import { CONDITION_VALUES_MESSAGE, MAX_CONDITION_VALUES, MAX_RULE_CONDITIONS, RULE_CONDITIONS_MESSAGE } from '../../shared/inputs/rules.ts';
import { LINKS_MESSAGE, MAX_LINKS } from '../../shared/inputs/connections.ts';
import { MAX_MERGED_PAYEES, MERGED_PAYEES_MESSAGE } from '../../shared/inputs/payees.ts';
import { MAX_READ_IDS, READ_IDS_MESSAGE } from '../../shared/inputs/reminders.ts';

/** The most global ids `nodes(ids:)` takes: each one is a lookup. */
export const MAX_NODES = 100;

/**
 * The most items of every list argument and list input field of the schema, by coordinate, with
 * the message of the input's own schema (`api/graphql/limits.test.ts` fails when the schema has a
 * list that is not here).
 */
export const LIST_LIMITS: Record<string, { max: number; message: string }> = {
  'Query.nodes(ids:)': { max: MAX_NODES, message: `At most ${MAX_NODES} ids at once` },
  'DeleteTransactionsInput.ids': { max: MAX_BULK_IDS, message: BULK_IDS_MESSAGE },
  'UpdateTransactionsInput.ids': { max: MAX_BULK_IDS, message: BULK_IDS_MESSAGE },
  'UpdateBudgetAllocationsInput.allocations': { max: MAX_SAVED_CATEGORIES, message: SAVED_CATEGORIES_MESSAGE },
  'CommitImportInput.rows': { max: MAX_IMPORT_ROWS, message: IMPORT_ROWS_MESSAGE },
  'AddTransactionInput.splits': { max: MAX_SPLIT_LINES, message: SPLIT_LINES_MESSAGE },
  'UpdateTransactionInput.splits': { max: MAX_SPLIT_LINES, message: SPLIT_LINES_MESSAGE },
  // Twice a month takes two days.
  'AddScheduleInput.days': { max: 2, message: DAYS_MESSAGE },
  'UpdateScheduleInput.days': { max: 2, message: DAYS_MESSAGE },
  'CreateRuleInput.conditions': { max: MAX_RULE_CONDITIONS, message: RULE_CONDITIONS_MESSAGE },
  'UpdateRuleInput.conditions': { max: MAX_RULE_CONDITIONS, message: RULE_CONDITIONS_MESSAGE },
  'RuleConditionInput.value': { max: MAX_CONDITION_VALUES, message: CONDITION_VALUES_MESSAGE },
  'MergePayeesInput.ids': { max: MAX_MERGED_PAYEES, message: MERGED_PAYEES_MESSAGE },
  'LinkBankAccountsInput.links': { max: MAX_LINKS, message: LINKS_MESSAGE },
  'MarkNotificationsReadInput.ids': { max: MAX_READ_IDS, message: READ_IDS_MESSAGE },
};
/** A list the table forgot still has a bound. */
const UNLISTED = { max: MAX_NODES, message: `At most ${MAX_NODES} items in a list` };

/** What an operation may ask for: each object 2, each scalar 1, times how many a list or a page brings. */
const COST = { object: 2, scalar: 1 };

const refusal = (message: string, code: string) => ({
  errors: [new GraphQLError(message, { extensions: { code, http: { status: 400 } } })],
});

/**
 * Limits that depend on the variables, checked once they are known and before anything runs
 * (graphql-armor's rules run in validation, which sees the document alone): every list an
 * operation sends, literal or in variables, within its cap (400 `BAD_USER_INPUT` with the input's
 * own message), and the operation's cost within `maxCost`, where a page's `first`/`last` and the
 * length of a list of ids (`nodes(ids:)`) multiply what is asked of each item, from the document
 * or from variables alike.
 */
export function operationLimits({ maxCost }: { maxCost: number }): Plugin {
  const check = (args: ExecutionArgs) => {
    try {
      const cost = operationCost(args);
      return cost > maxCost ? refusal(`Query cost limit of ${maxCost} exceeded, found ${cost}.`, 'GRAPHQL_VALIDATION_FAILED') : undefined;
    } catch (err) {
      if (err instanceof TooManyItems) return refusal(err.message, 'BAD_USER_INPUT');
      throw err;
    }
  };
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const refused = check(args);
      if (refused) setResultAndStopExecution(refused);
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const refused = check(args);
      if (refused) setResultAndStopExecution(refused);
    },
  };
}

class TooManyItems extends Error {}

/** The cost of the operation `args` runs, with its variables (defaults applied); throws TooManyItems for a list past its cap. */
export function operationCost({ schema, document, operationName, variableValues }: ExecutionArgs): number {
  const operation = getOperationAST(document, operationName);
  const root = operation && schema.getRootType(operation.operation);
  if (!operation || !root) return 0;
  const variables: Record<string, unknown> = { ...variableValues };
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (variables[name] === undefined && definition.defaultValue) variables[name] = valueFromASTUntyped(definition.defaultValue);
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  return new CostWalk(schema, variables, fragments).selections(operation.selectionSet, root);
}

class CostWalk {
  /** A fragment's cost, once per operation however often it is spread. */
  private readonly fragmentCosts = new Map<string, number>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly variables: Record<string, unknown>,
    private readonly fragments: Map<string, FragmentDefinitionNode>,
  ) {}

  selections(set: SelectionSetNode, parent: GraphQLCompositeType): number {
    let cost = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) cost += this.field(selection, parent);
      else if (selection.kind === Kind.INLINE_FRAGMENT)
        cost += this.selections(selection.selectionSet, this.typeOr(selection.typeCondition?.name.value, parent));
      else cost += this.fragment(selection.name.value);
    }
    return cost;
  }

  private fragment(name: string): number {
    const known = this.fragmentCosts.get(name);
    if (known !== undefined) return known;
    const fragment = this.fragments.get(name);
    const cost = fragment ? this.selections(fragment.selectionSet, this.typeOr(fragment.typeCondition.name.value, undefined)) : 0;
    this.fragmentCosts.set(name, cost);
    return cost;
  }

  private typeOr(name: string | undefined, fallback: GraphQLCompositeType | undefined): GraphQLCompositeType {
    const type = name ? this.schema.getType(name) : fallback;
    if (!type || !isCompositeType(type)) throw new Error(`Unknown type ${name}`); // validation has already refused it
    return type;
  }

  private field(node: FieldNode, parent: GraphQLCompositeType): number {
    const name = node.name.value;
    // Introspection costs nothing, as for graphql-armor.
    if (name === '__schema' || name === '__type') return 0;
    const definition = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
    let times = 1;
    for (const arg of node.arguments ?? []) {
      const argument = definition?.args.find((a) => a.name === arg.name.value);
      if (!argument) continue;
      const value = valueFromASTUntyped(arg.value, this.variables);
      const items = checkLists(argument.type, value, `${parent.name}.${name}(${argument.name}:)`);
      if (items !== undefined) times = Math.max(times, items);
      if ((argument.name === 'first' || argument.name === 'last') && Number.isInteger(value) && (value as number) > 0)
        times = Math.max(times, value as number);
    }
    if (!node.selectionSet || !definition) return COST.scalar;
    const type = getNamedType(definition.type);
    return (COST.object + (isCompositeType(type) ? this.selections(node.selectionSet, type) : 0)) * times;
  }
}

/**
 * Walks `value` along its input type, refusing any list past its cap (TooManyItems); answers the
 * length of `value` itself when it is a list. A lone value where a list is expected is a list of
 * one, as GraphQL's input coercion reads it.
 */
function checkLists(type: GraphQLInputType, value: unknown, coordinate: string): number | undefined {
  const nullable = getNullableType(type);
  if (value === null || value === undefined) return undefined;
  if (isListType(nullable)) {
    const items = Array.isArray(value) ? value : [value];
    const limit = LIST_LIMITS[coordinate] ?? UNLISTED;
    if (items.length > limit.max) throw new TooManyItems(limit.message);
    for (const item of items) checkLists(nullable.ofType, item, coordinate);
    return items.length;
  }
  if (isInputObjectType(nullable) && typeof value === 'object' && !Array.isArray(value)) {
    const fields = nullable.getFields();
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
      if (fields[key]) checkLists(fields[key].type, field, `${nullable.name}.${key}`);
    }
  }
  return undefined;
}
