import type { KyselyPlugin } from 'kysely';
import type { Storage } from '../../src/storage/database.js';
import { createRepositories } from '../../src/storage/repositories.js';

/** Repositories over the same database that count the statements they run. */
export const countedRepositories = (storage: Storage) => {
  let queries = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      queries++;
      return args.result;
    },
  };
  const repos = createRepositories({ ...storage, db: storage.db.withPlugin(counter) });
  return {
    repos,
    /** Statements run since the previous call. */
    takeCount: (): number => {
      const count = queries;
      queries = 0;
      return count;
    },
  };
};
