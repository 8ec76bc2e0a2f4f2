import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryCompiler, type TransactionSettings } from 'kysely';

/**
 * Kysely's SQLite driver guards its one connection with a mutex that wakes every waiter on each
 * release; with thousands of queries waiting (a busy ingest) the hand-overs cost O(waiters²) and
 * dominated profiles. This driver lets waiters in strictly one after another (a promise chain), so
 * the inner mutex never sees more than one waiter and each hand-over is O(1).
 */
class QueuedDriver implements Driver {
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(private readonly inner: Driver) {}

  init = () => this.inner.init();
  destroy = () => this.inner.destroy();

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise((resolve) => (release = resolve));
    await previous;
    try {
      const connection = await this.inner.acquireConnection();
      this.#release = release;
      return connection;
    } catch (error) {
      release();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      release?.();
    }
  }

  // Immediate: the transaction takes the write lock (waiting for the ingest's writer thread) before
  // it reads. A deferred one that read first could not take it later once the writer committed in
  // between (SQLITE_BUSY without waiting), failing an API request.
  beginTransaction = async (connection: DatabaseConnection, _settings: TransactionSettings) => {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  };
  commitTransaction = (connection: DatabaseConnection) => this.inner.commitTransaction(connection);
  rollbackTransaction = (connection: DatabaseConnection) => this.inner.rollbackTransaction(connection);
  savepoint = (connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) => this.inner.savepoint!(connection, name, compile);
  rollbackToSavepoint = (connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) => this.inner.rollbackToSavepoint!(connection, name, compile);
  releaseSavepoint = (connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) => this.inner.releaseSavepoint!(connection, name, compile);
}

export class QueuedSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return new QueuedDriver(super.createDriver());
  }
}
