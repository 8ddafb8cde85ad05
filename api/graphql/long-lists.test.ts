import { createHook } from 'node:async_hooks';
import { setImmediate as immediate } from 'node:timers/promises';
import { GraphQLBoolean, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { completedInSlices, completeListsInSlices } from './long-lists.ts';

/** A list of `rows` objects; counts how many of their fields are completed in each turn of the event loop. */
function server(rows: number, slicing = true, failing = -1) {
  let turn = 0;
  const perTurn = new Map<number, number>();
  const promisesPerTurn = new Map<number, number>();
  const promises = createHook({
    init: (_id, type) => void (type === 'PROMISE' && promisesPerTurn.set(turn, (promisesPerTurn.get(turn) ?? 0) + 1)),
  });
  const count = () => perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
  const Row = new GraphQLObjectType<{ i: number }>({
    name: 'Row',
    fields: {
      index: { type: new GraphQLNonNull(GraphQLInt), resolve: (r) => (count(), r.i) },
      label: {
        type: GraphQLString,
        resolve: (r) => {
          if (r.i === failing) throw new Error(`row ${r.i} is unreadable`);
          return `row ${r.i}`;
        },
      },
      even: { type: GraphQLBoolean, resolve: (r) => r.i % 2 === 0 },
    },
  });
  const Preview = new GraphQLObjectType<{ rows: { i: number }[] }>({
    name: 'Preview',
    fields: {
      total: { type: GraphQLInt, resolve: (p) => p.rows.length },
      rows: {
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(Row))),
        resolve: (p, _args, ctx, info) => (slicing ? completedInSlices(p.rows, ctx, info) : p.rows),
      },
    },
  });
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: { preview: { type: Preview, resolve: () => ({ rows: Array.from({ length: rows }, (_, i) => ({ i })) }) } },
    }),
  });
  const yoga = createYoga({ schema, plugins: [completeListsInSlices()], logging: false, maskedErrors: false });
  const ask = async (query: string, variables = {}) => {
    let counting = true;
    promises.enable();
    const turns = (async () => {
      while (counting) {
        turn++;
        await immediate();
      }
    })();
    const res = await yoga.fetch('http://test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = await res.json();
    counting = false;
    await turns;
    promises.disable();
    return body;
  };
  return { ask, perTurn, promisesPerTurn };
}

const QUERIES = [
  '{ preview { total rows { index label even } } }',
  '{ p: preview { all: rows { n: index ...L __typename } total } }  fragment L on Row { label ... on Row { even } }',
  '{ preview { rows { index } rows { label } } }',
  'query($on: Boolean = true) { preview { rows @include(if: $on) { index } } }',
];

describe('completedInSlices', () => {
  it('answers what GraphQL answers completing the list at once: aliases, fragments, merged fields, __typename', async () => {
    for (const query of QUERIES) {
      const sliced = await server(2_500).ask(query);
      expect(sliced.errors).toBeUndefined();
      expect(sliced).toEqual(await server(2_500, false).ask(query));
    }
  });

  it('completes the items a thousand per turn of the event loop, letting others in between', async () => {
    const { ask, perTurn, promisesPerTurn } = server(5_500);
    const body = await ask('{ preview { rows { index } } }');
    expect(body.data.preview.rows).toHaveLength(5_500);
    expect(body.data.preview.rows.at(-1)).toEqual({ index: 5_499 });
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(1_000);
    expect(perTurn.size).toBeGreaterThanOrEqual(6);
    // Nor a promise per item made at once (a list of promises makes several per item in one turn).
    expect(Math.max(...promisesPerTurn.values())).toBeLessThan(1_000);
  });

  it('answers a resolver’s error: the slice is completed by GraphQL again, which says what went wrong', async () => {
    const body = await server(2_500, true, 1_700).ask('{ preview { rows { index label } } }');
    expect(body.errors).toEqual([expect.objectContaining({ message: 'row 1700 is unreadable' })]);
  });

  it('completes a selection with directives as usual, still a slice per turn', async () => {
    const { ask, perTurn } = server(3_000);
    const query = 'query($on: Boolean!) { preview { rows { index label @include(if: $on) } } }';
    const body = await ask(query, { on: false });
    expect(body).toEqual(await server(3_000, false).ask(query, { on: false }));
    expect(body.data.preview.rows[1]).toEqual({ index: 1 });
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(1_000);
  });
});
