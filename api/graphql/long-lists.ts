import {
  execute,
  GraphQLObjectType,
  GraphQLSchema,
  Kind,
  OperationTypeNode,
  responsePathAsArray,
  type DocumentNode,
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
  const completed: unknown[] = [];
  for (let i = 0; i < items.length; i += SLICE) {
    if (i > 0) await letOthersIn();
    const result = await execute({ schema, document, rootValue: items.slice(i, i + SLICE), contextValue: context });
    if (result.errors?.length) throw result.errors[0]!;
    completed.push(...(result.data as { items: unknown[] }).items);
  }
  const lists = completedLists.get(context) ?? [];
  lists.push({ path: responsePathAsArray(info.path), items: completed });
  completedLists.set(context, lists);
  return [];
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
