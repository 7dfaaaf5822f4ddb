import { type PGlite, protocol, types } from '@electric-sql/pglite';

/** What a named statement takes and gives: its parameters' types and its columns. */
type Shape = { paramTypes: number[]; fields: Array<{ name: string; dataTypeID: number }> };

/** The statements each embedded database has prepared, by name (they live as long as its one session). */
const preparedOn = new WeakMap<PGlite, Map<string, Shape>>();

const { serialize } = protocol;

/**
 * Runs `text` as the named prepared statement `name` on the embedded database, which PGlite's `query` does
 * not offer: each `query` parses, describes and plans its text again, in five protocol exchanges with the
 * database. A statement named here is parsed and described once per database; each run is then one
 * exchange (bind, execute, sync), and once PostgreSQL settles on a generic plan it is not planned again
 * (docs/decisions/0041-named-statements-on-the-embedded-database.md). It takes the same locks as `query`,
 * so it never runs inside another caller's transaction; values and rows go through the database's own
 * serializers and parsers, as `query` does. Never call it from inside a transaction on the same database:
 * it would wait for that transaction's end.
 */
export async function runNamedOnPglite<Row>(
  client: PGlite,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  await client._checkReady();
  return client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      let shapes = preparedOn.get(client);
      if (!shapes) {
        shapes = new Map();
        preparedOn.set(client, shapes);
      }
      let shape = shapes.get(name);
      if (!shape) {
        shape = await prepare(client, name, text);
        shapes.set(name, shape);
      }
      const paramTypes = shape.paramTypes;
      const bound = values.map((value, i) => serializeValue(client, value, paramTypes[i]));
      const { messages } = await client.execProtocol(
        Buffer.concat([
          serialize.bind({ statement: name, values: bound }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      // what query does after a statement outside a transaction (no work on a folder on disk)
      await client.syncToFs();
      return rowsOf<Row>(client, shape, messages);
    }),
  );
}

/** Parses and describes a statement once (a failure leaves nothing prepared: the sync ends it). */
async function prepare(client: PGlite, name: string, text: string): Promise<Shape> {
  const { messages } = await client.execProtocol(
    Buffer.concat([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]),
    { syncToFs: false },
  );
  const params = messages.find((m) => m.name === 'parameterDescription') as
    | { dataTypeIDs: number[] }
    | undefined;
  const columns = messages.find((m) => m.name === 'rowDescription') as
    | { fields: Array<{ name: string; dataTypeID: number }> }
    | undefined;
  return {
    paramTypes: params?.dataTypeIDs ?? [],
    fields: (columns?.fields ?? []).map(({ name: column, dataTypeID }) => ({ name: column, dataTypeID })),
  };
}

/** A value as `query` sends it: the serializer of its parameter's type, else its text; null stays null. */
function serializeValue(client: PGlite, value: unknown, type: number | undefined): string | null {
  if (value === null || value === undefined) return null;
  const serializer = type === undefined ? undefined : client.serializers[type];
  return serializer ? serializer(value) : String(value);
}

function rowsOf<Row>(client: PGlite, shape: Shape, messages: Array<{ name: string }>): Row[] {
  const rows: Row[] = [];
  for (const message of messages) {
    if (message.name !== 'dataRow') continue;
    const cells = (message as unknown as { fields: Array<string | null> }).fields;
    const row: Record<string, unknown> = {};
    for (const [i, field] of shape.fields.entries()) {
      row[field.name] = types.parseType(cells[i] ?? null, field.dataTypeID, client.parsers);
    }
    rows.push(row as Row);
  }
  return rows;
}
