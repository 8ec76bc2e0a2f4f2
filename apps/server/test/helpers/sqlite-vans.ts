import { openStorage, type Storage } from '../../src/storage/database.js';
import { migrateToLatest } from '../../src/storage/migrator.js';

/** An in-memory SQLite database, migrated, with `count` devices: ids 1 to `count`, named "Van N". */
export const openSqliteWithVans = async (count: number): Promise<Storage> => {
  const storage = openStorage('sqlite::memory:');
  await migrateToLatest(storage);
  for (let device = 1; device <= count; device++) {
    await storage.db.insertInto('devices').values({ name: `Van ${device}`, uniqueId: `van-${device}`, attributes: '{}', disabled: 0 } as never).execute();
  }
  return storage;
};
