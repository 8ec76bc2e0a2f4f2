import { openStorage, type Storage } from '../../src/storage/database.js';
import { migrateToLatest } from '../../src/storage/migrator.js';

/** A SQLite database (in memory unless `url` names a file), migrated, with `count` devices: ids 1 to `count`, named "Van N". */
export const openSqliteWithVans = async (count: number, url = 'sqlite::memory:'): Promise<Storage> => {
  const storage = openStorage(url);
  await migrateToLatest(storage);
  for (let device = 1; device <= count; device++) {
    await storage.db.insertInto('devices').values({ name: `Van ${device}`, uniqueId: `van-${device}`, attributes: '{}', disabled: 0 } as never).execute();
  }
  return storage;
};
