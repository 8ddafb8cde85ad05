import { describe, expect, it } from 'vitest';
import { commitLocalUpdate, Environment, Network, RecordSource, Store, type RecordSourceProxy } from 'relay-runtime';
import { placeInList, type ListOrder } from './list-order.ts';

const NEWEST_FIRST: ListOrder = { by: [['date', 'desc']], ties: 'first' };

/** A store holding one list of records (id, date), in that order, with or without more pages. */
function storeWith(dates: [id: string, date: string][], more = false) {
  const environment = new Environment({ network: Network.create(() => ({ data: {} })), store: new Store(new RecordSource()) });
  commitLocalUpdate(environment, (store) => {
    const list = store.create('list', 'Connection');
    list.setLinkedRecord(store.create('list:pageInfo', 'PageInfo').setValue(more, 'hasNextPage'), 'pageInfo');
    list.setLinkedRecords(
      dates.map(([id, date]) => store.create(`edge:${id}`, 'Edge').setLinkedRecord(record(store, id, date), 'node')),
      'edges',
    );
  });
  return environment;
}

function record(store: RecordSourceProxy, id: string, date: string) {
  const r = store.get(id) ?? store.create(id, 'Row');
  return r.setValue(date, 'date');
}

/** Adds or changes record `id` (as a payload would), places it, and answers the list's ids. */
function place(environment: Environment, id: string, date: string, order = NEWEST_FIRST) {
  let ids: string[] = [];
  commitLocalUpdate(environment, (store) => {
    record(store, id, date);
    placeInList(store, store.get('list'), id, order, 'Edge');
    ids = (store.get('list')!.getLinkedRecords('edges') ?? []).map((e) => e!.getLinkedRecord('node')!.getDataID());
  });
  return ids;
}

describe('placeInList', () => {
  it('adds a record at its place by the list order, before the ones it ties with when they are newest first', () => {
    const list = storeWith([
      ['a', '2026-03-10'],
      ['b', '2026-03-05'],
      ['c', '2026-03-01'],
    ]);
    expect(place(list, 'new', '2026-03-05')).toEqual(['a', 'new', 'b', 'c']);
    expect(place(list, 'newest', '2026-04-01')).toEqual(['newest', 'a', 'new', 'b', 'c']);
    expect(place(list, 'oldest', '2026-01-01')).toEqual(['newest', 'a', 'new', 'b', 'c', 'oldest']);
  });

  it('moves a changed record out of order to its place, and leaves one that is still in order alone', () => {
    const list = storeWith([
      ['a', '2026-03-10'],
      ['b', '2026-03-05'],
      ['c', '2026-03-05'],
      ['d', '2026-03-01'],
    ]);
    expect(place(list, 'c', '2026-03-05')).toEqual(['a', 'b', 'c', 'd']);
    expect(place(list, 'd', '2026-03-20')).toEqual(['d', 'a', 'b', 'c']);
    expect(place(list, 'd', '2026-02-01')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('leaves to "Load more" a record that sorts after every loaded one while more pages remain', () => {
    const list = storeWith(
      [
        ['a', '2026-03-10'],
        ['b', '2026-03-05'],
      ],
      true,
    );
    expect(place(list, 'old', '2026-01-01')).toEqual(['a', 'b']);
    expect(place(list, 'a', '2025-12-01')).toEqual(['b']);
  });

  it('sorts a soonest-first list too, a record added after the ones it ties with', () => {
    const soonestDue: ListOrder = { by: [['date', 'asc']], ties: 'last' };
    const list = storeWith([
      ['rent', '2026-03-01'],
      ['phone', '2026-03-20'],
    ]);
    expect(place(list, 'gym', '2026-03-01', soonestDue)).toEqual(['rent', 'gym', 'phone']);
    expect(place(list, 'rent', '2026-04-01', soonestDue)).toEqual(['gym', 'phone', 'rent']);
  });
});
