/** One step of the database's schema, declared by the module that owns the tables it touches. */
export interface Migration {
  /** `NNN_name`: NNN is its place in db/migrations.ts, which runs them in order. */
  id: string;
  /**
   * The id it was applied under before each module declared its own migrations (one old migration
   * may have become several, one per owner): a database that recorded that id has this one already.
   */
  was?: string;
  sql: string;
}
