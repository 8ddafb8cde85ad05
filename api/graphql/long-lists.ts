import {
  defaultFieldResolver,
  execute,
  GraphQLObjectType,
  GraphQLSchema,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  OperationTypeNode,
  responsePathAsArray,
  type DocumentNode,
  type FieldNode,
  type GraphQLFieldResolver,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { letOthersIn, settledInSlices } from '../lib/work-in-slices.ts';

/** Items completed per turn of the event loop. */
const SLICE = 1000;

/** The completed items of the long lists a request's answer is waiting for, by the request's context. */
const completedLists = new WeakMap<object, { path: (string | number)[]; items: unknown[] }[]>();

/** A schema whose query type has one field, `items`, of a list's type: to complete a slice of it on its own. */
const sliceSchemas = new WeakMap<GraphQLOutputType, GraphQLSchema>();

function sliceSchema(type: GraphQLOutputType) {
  let schema = sliceSchemas.get(type);
  if (!schema) {
    const query = new GraphQLObjectType({ name: 'ListSlice', fields: { items: { type, resolve: (slice: unknown[]) => slice } } });
    sliceSchemas.set(type, (schema = new GraphQLSchema({ query })));
  }
  return schema;
}

/** True when a selection has no directive and no argument anywhere, fragments included: nothing in it needs the request's variables. */
function plainSelection(selectionSet: SelectionSetNode | undefined, info: GraphQLResolveInfo, seen = new Set<string>()): boolean {
  return (selectionSet?.selections ?? []).every((s) => {
    if (s.directives?.length) return false;
    if (s.kind === Kind.FIELD) return !s.arguments?.length && plainSelection(s.selectionSet, info, seen);
    if (s.kind === Kind.INLINE_FRAGMENT) return plainSelection(s.selectionSet, info, seen);
    if (seen.has(s.name.value)) return true;
    seen.add(s.name.value);
    const fragment = info.fragments[s.name.value];
    return !!fragment && !fragment.directives?.length && plainSelection(fragment.selectionSet, info, seen);
  });
}

/**
 * A list field of many objects (an imported file's 100,000 rows), completed a slice at a time.
 * GraphQL (graphql-js) completes a list in one pass: each item at once, or, when items are
 * promises, a promise per item made at once (hundreds of thousands of promises for 100,000 items:
 * a quarter of a second in one piece on a busy host). Here each slice of 1,000 items is completed
 * by GraphQL itself, as a query of its own with the field's selection, letting others in between;
 * the field answers an empty list and `completeListsInSlices` puts the completed items in its place
 * in the answer (docs/performance.md#imports). A short list, or a selection with directives or
 * arguments (they would need the request's variables), is completed as usual, a slice per turn.
 */
export async function completedInSlices<T>(
  items: readonly T[],
  context: object,
  info: GraphQLResolveInfo,
): Promise<readonly (T | Promise<T>)[]> {
  if (items.length <= SLICE || !info.fieldNodes.every((f) => plainSelection(f.selectionSet, info))) return settledInSlices(items);
  const document: DocumentNode = {
    kind: Kind.DOCUMENT,
    definitions: [
      {
        kind: Kind.OPERATION_DEFINITION,
        operation: OperationTypeNode.QUERY,
        selectionSet: {
          kind: Kind.SELECTION_SET,
          // The field's own directives were applied already, and its arguments given to its resolver.
          selections: info.fieldNodes.map((f) => ({
            ...f,
            alias: undefined,
            name: { kind: Kind.NAME, value: 'items' },
            arguments: [],
            directives: [],
          })),
        },
      },
      ...Object.values(info.fragments),
    ],
  };
  const schema = sliceSchema(info.returnType);
  const direct = directCompletion(info.returnType, info.fieldNodes, info, context);
  const completed: unknown[] = [];
  for (let i = 0; i < items.length; i += SLICE) {
    if (i > 0) await letOthersIn();
    const slice = items.slice(i, i + SLICE);
    const done = direct?.(slice);
    if (done) {
      for (const item of done) completed.push(item);
      continue;
    }
    const result = await execute({ schema, document, rootValue: slice, contextValue: context });
    if (result.errors?.length) throw result.errors[0]!;
    completed.push(...(result.data as { items: unknown[] }).items);
  }
  const lists = completedLists.get(context) ?? [];
  lists.push({ path: responsePathAsArray(info.path), items: completed });
  completedLists.set(context, lists);
  return [];
}

/** Thrown while completing directly: the slice is completed by GraphQL instead, which says what went wrong. */
const NOT_DIRECT = Symbol('not direct');

type Complete = (value: unknown) => unknown;

/**
 * How to complete a plain selection's values of `type` without GraphQL's per-field work, or null
 * when this cannot be done simply (an interface or union, a field with arguments, a fragment on
 * another type). GraphQL (graphql-js) makes several objects per field of each item (its resolve
 * info, its arguments, a dictionary object per answer object): for 100,000 rows of twenty fields,
 * most of a preview's time over GraphQL (docs/performance.md#imports). Here each field's resolver
 * is called as GraphQL calls it, with one resolve info per field (its path ends at the list), and
 * leaves serialized by their types; anything unusual (an error, a promise, a null where the type
 * says non-null, an object its type refuses) throws NOT_DIRECT.
 */
function completion(type: GraphQLOutputType, nodes: readonly FieldNode[], info: GraphQLResolveInfo, context: object): Complete | null {
  if (isNonNullType(type)) {
    const inner = completion(type.ofType, nodes, info, context);
    return (
      inner &&
      ((value) => {
        const done = inner(value);
        if (done == null) throw NOT_DIRECT;
        return done;
      })
    );
  }
  if (isListType(type)) {
    const inner = completion(type.ofType, nodes, info, context);
    return (
      inner &&
      ((value) => {
        if (value == null) return null;
        if (!Array.isArray(value)) throw NOT_DIRECT;
        return value.map((item) => inner(item));
      })
    );
  }
  if (isLeafType(type))
    return (value) => {
      if (value == null) return null;
      const serialized = type.serialize(value);
      if (serialized === undefined) throw NOT_DIRECT;
      return serialized;
    };
  if (!isObjectType(type)) return null;
  const fields = selectedFields(type, nodes, info);
  if (!fields) return null;
  const plan: { key: string; resolve: GraphQLFieldResolver<unknown, object>; info: GraphQLResolveInfo | null; complete: Complete }[] = [];
  for (const [key, fieldNodes] of fields) {
    const name = fieldNodes[0]!.name.value;
    if (name === '__typename') {
      plan.push({ key, resolve: () => type.name, info: null, complete: (v) => v });
      continue;
    }
    const field = type.getFields()[name];
    if (!field || field.args.length > 0) return null;
    const complete = completion(field.type, fieldNodes, info, context);
    if (!complete) return null;
    const fieldInfo: GraphQLResolveInfo = {
      ...info,
      fieldName: name,
      fieldNodes,
      returnType: field.type,
      parentType: type,
      path: { prev: info.path, key, typename: type.name },
    };
    plan.push({ key, resolve: field.resolve ?? defaultFieldResolver, info: fieldInfo, complete });
  }
  return (value) => {
    if (value == null) return null;
    if (type.isTypeOf && type.isTypeOf(value, context, info) !== true) throw NOT_DIRECT;
    const answer: Record<string, unknown> = {};
    for (const { key, resolve, info: fieldInfo, complete } of plan) {
      const resolved = resolve(value, {}, context, fieldInfo!);
      if (typeof (resolved as { then?: unknown } | null)?.then === 'function') throw NOT_DIRECT;
      answer[key] = complete(resolved);
    }
    return answer;
  };
}

/** The fields a selection asks of an object type, by answer key (same-keyed fields merged), in GraphQL's order; null for a fragment on another type. */
function selectedFields(type: GraphQLObjectType, nodes: readonly FieldNode[], info: GraphQLResolveInfo) {
  const fields = new Map<string, FieldNode[]>();
  const collect = (selectionSet: SelectionSetNode | undefined, seen: Set<string>): boolean =>
    (selectionSet?.selections ?? []).every((s) => {
      if (s.kind === Kind.FIELD) {
        const key = s.alias?.value ?? s.name.value;
        fields.set(key, [...(fields.get(key) ?? []), s]);
        return true;
      }
      if (s.kind === Kind.INLINE_FRAGMENT)
        return (!s.typeCondition || s.typeCondition.name.value === type.name) && collect(s.selectionSet, seen);
      if (seen.has(s.name.value)) return true;
      seen.add(s.name.value);
      const fragment = info.fragments[s.name.value];
      return !!fragment && fragment.typeCondition.name.value === type.name && collect(fragment.selectionSet, seen);
    });
  return nodes.every((node) => collect(node.selectionSet, new Set())) ? fields : null;
}

/** A slice's items completed directly (`completion`), or null when GraphQL is to complete them. */
function directCompletion(type: GraphQLOutputType, nodes: readonly FieldNode[], info: GraphQLResolveInfo, context: object) {
  const complete = completion(type, nodes, info, context);
  if (!complete) return null;
  return (slice: readonly unknown[]) => {
    try {
      return complete(slice) as unknown[];
    } catch {
      // NOT_DIRECT, or a resolver's own error: GraphQL completes the slice again and answers it as it does.
      return null;
    }
  };
}

/** Puts the lists `completedInSlices` completed in their places in the answer. */
export function completeListsInSlices(): Plugin {
  return {
    onExecute({ args }) {
      return {
        onExecuteDone({ result }) {
          const lists = completedLists.get(args.contextValue as object);
          if (!lists || !('data' in result) || !result.data) return;
          completedLists.delete(args.contextValue as object);
          for (const { path, items } of lists) {
            let parent = result.data as Record<string | number, unknown>;
            for (const key of path.slice(0, -1)) parent = parent?.[key] as Record<string | number, unknown>;
            if (parent) parent[path.at(-1)!] = items;
          }
        },
      };
    },
  };
}
