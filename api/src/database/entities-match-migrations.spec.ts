import { DataSource } from 'typeorm';
import { useTestApp } from '../test/test-app';

/**
 * The entities describe the tables the migrations make: TypeORM's schema builder, asked what it
 * would change to match the entities (the comparison `synchronize` makes, never run), changes no
 * table and no column. A column renamed or retyped on one side only (an embedded column group with
 * another prefix, a length changed in an entity) fails here rather than at the first query.
 * Indexes, CHECK and UNIQUE constraints and foreign keys are the migrations' alone (the entities
 * do not repeat them), so the builder's wish to drop or rename those is not a difference.
 */
const CONSTRAINTS_AND_INDEXES = /^(DROP INDEX|ALTER TABLE "\w+" (DROP|ADD) CONSTRAINT)/;
describe('entities and migrations', () => {
  const t = useTestApp();

  it('agree on every table and column', async () => {
    const builder = t.app.get(DataSource).driver.createSchemaBuilder();
    const pending = await builder.log();
    const tablesAndColumns = pending.upQueries.map((q) => q.query).filter((query) => !CONSTRAINTS_AND_INDEXES.test(query));
    expect(tablesAndColumns).toEqual([]);
  });
});
