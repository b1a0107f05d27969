import pg from 'pg';
import type { PostgresTemplates } from './database-templates';
import { createScratchSchema } from './scratch-schema';

/**
 * PostgreSQL schemas handed from one test of a suite to the next. Making a schema from the template is a few
 * hundred statements of DDL and dropping it another catalog sweep (together about 0.7 s of a 2-core machine a
 * test, paid by every PostgreSQL test of the suite); emptying its tables and loading the template's rows again
 * is one TRUNCATE and a few dozen INSERTs. A schema is only handed on when its catalog is still the template's
 * (a test that created a trigger, dropped a table or changed a grant leaves with its schema), so every test still
 * starts on exactly the template's tables and rows.
 */
export class SchemaPool {
  private readonly idle: string[] = [];
  private readonly made = new Set<string>();
  /** The template's catalog, with its schema's name replaced, as read from the first schema made here. */
  private pristine: string | undefined;

  constructor(
    private readonly url: string,
    private readonly templates: PostgresTemplates,
  ) {}

  /** A schema holding the template's tables and the rows of the seeded or the bare template. */
  async take(seed: boolean): Promise<string> {
    const reused = this.idle.pop();
    if (reused) {
      await this.onServer(async (client) => {
        // The template's own rows, as its dump loaded them: triggers (the audit chain's, the append-only guards)
        // and foreign-key checks off, as when pg_dump's script loads data before it creates them.
        await client.query('set session_replication_role = replica');
        await client.query(
          this.forSchema(seed ? this.templates.seededData : this.templates.bareData, reused),
        );
      });
      return reused;
    }
    const scratch = await createScratchSchema(this.url, 'fc_test');
    this.made.add(scratch.schema);
    await this.onServer(async (client) => {
      await client.query(this.forSchema(seed ? this.templates.seeded : this.templates.bare, scratch.schema));
      this.pristine ??= await this.catalog(client, scratch.schema);
    });
    return scratch.schema;
  }

  /**
   * After its test: emptied and kept for the next when its catalog is the template's, dropped otherwise (or
   * when something still holds a lock on one of its tables).
   */
  async give(schema: string): Promise<void> {
    const kept = await this.onServer(async (client) => {
      if ((await this.catalog(client, schema)) !== this.pristine) return false;
      const tables = await client.query<{ name: string }>(
        `select quote_ident(relname) as name from pg_class
          where relnamespace = $1::regnamespace and relkind in ('r', 'p')
            and relname not in ('kysely_migration', 'kysely_migration_lock')`,
        [schema],
      );
      await client.query("set lock_timeout = '5s'");
      await client.query('set session_replication_role = replica');
      // DELETE, not TRUNCATE: a test leaves a few rows, and TRUNCATE makes every table's and index's files anew
      // (as slow as the DDL this saves). The sequences are set again with the template's rows.
      await client.query(tables.rows.map((table) => `delete from ${schema}.${table.name};`).join('\n'));
      return true;
    }).catch(() => false);
    if (kept) this.idle.push(schema);
    else await this.drop(schema);
  }

  /** Drops every schema made here, in use or idle. */
  async drain(): Promise<void> {
    this.idle.length = 0;
    await Promise.all([...this.made].map((schema) => this.drop(schema)));
  }

  private async drop(schema: string): Promise<void> {
    this.made.delete(schema);
    const at = this.idle.indexOf(schema);
    if (at >= 0) this.idle.splice(at, 1);
    await this.onServer((client) => client.query(`drop schema if exists ${schema} cascade`));
  }

  private forSchema(script: string, schema: string): string {
    return script.replaceAll(this.templates.placeholder, schema);
  }

  /**
   * What a test could have changed besides rows: relations and their columns, defaults, owners and grants;
   * triggers and whether they fire; functions; constraints; policies; the schema's own grants.
   */
  private async catalog(client: pg.Client, schema: string): Promise<string> {
    const result = await client.query<{ catalog: string | null }>(
      `select string_agg(entry, E'\\n' order by entry) as catalog from (
        select 'rel ' || c.relname || ' ' || c.relkind::text || ' ' || c.relowner::regrole::text || ' ' ||
               coalesce(c.relacl::text, '') || ' ' || c.relrowsecurity::text as entry
          from pg_class c where c.relnamespace = $1::regnamespace
        union all
        select 'col ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' ||
               a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
          from pg_attribute a join pg_class c on c.oid = a.attrelid
          left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
          where c.relnamespace = $1::regnamespace and a.attnum > 0 and not a.attisdropped
        union all
        select 'trigger ' || c.relname || '.' || t.tgname || ' ' || t.tgenabled::text || ' ' || p.proname
          from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
          where c.relnamespace = $1::regnamespace
        union all
        select 'function ' || p.proname || ' ' || md5(p.prosrc) || ' ' || p.proowner::regrole::text || ' ' ||
               coalesce(p.proacl::text, '')
          from pg_proc p where p.pronamespace = $1::regnamespace
        union all
        select 'constraint ' || conname || ' ' || contype::text || ' ' || conkey::text
          from pg_constraint where connamespace = $1::regnamespace
        union all
        select 'policy ' || c.relname || '.' || pol.polname
          from pg_policy pol join pg_class c on c.oid = pol.polrelid where c.relnamespace = $1::regnamespace
        union all
        select 'schema ' || nspowner::regrole::text || ' ' || coalesce(nspacl::text, '')
          from pg_namespace where oid = $1::regnamespace
      ) entries`,
      [schema],
    );
    return (result.rows[0]?.catalog ?? '').replaceAll(schema, this.templates.placeholder);
  }

  private async onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }
}
